import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process the bench started: its output goes to a log file, and it may say it is ready with a block
/// (`interlude broker` and `gateway` print a title line, `  name  value` rows, and a blank line).
///
/// Standard error (the log: a line per question asked, at `info`) goes straight to the file; only standard
/// output (the ready block) passes through this process. Relaying every log line through a pipe cost the
/// bench a wake-up, a read and a write per parked job, on the cores the measured processes share.
///
/// `@unchecked Sendable`: `process` is configured and started in `init` and afterwards only read
/// (its id) and signalled by id; the output scanner's state is behind a mutex.
final class ChildProcess: @unchecked Sendable {
    let name: String
    let pid: Int32
    let log: URL
    private let process: Process
    private let exited = Latch<Int32>()
    private let readiness = Latch<Result<[String: String], BenchFailure>>()

    /// Starts `executable`; the rows of the block under the output line `ready` are kept for `ready(within:)`.
    init(
        name: String, executable: URL, arguments: [String], environment: [String: String], directory: URL, log: URL,
        ready title: String? = nil
    ) throws {
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let file = try FileHandle(forWritingTo: log)
        let pipe = Pipe()
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardOutput = pipe
        process.standardError = file
        process.standardInput = FileHandle.nullDevice
        self.name = name
        self.log = log
        self.process = process
        let scanner = ReadyBlock(title: title)
        let (exited, readiness) = (exited, readiness)
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                try? file.close()
                return
            }
            file.write(data)
            if let rows = scanner.feed(data) { readiness.open(.success(rows)) }
        }
        process.terminationHandler = { process in
            exited.open(process.terminationStatus)
            let tail = Self.tail(of: log)
            readiness.open(.failure(BenchFailure("\(name) exited (status \(process.terminationStatus)) before it was ready: \(tail)")))
        }
        try process.run()
        pid = process.processIdentifier
    }

    /// The rows of the ready block by name, or a failure if the process exits or `limit` passes first.
    func ready(within limit: Duration) async throws -> [String: String] {
        guard let result = await readiness.wait(limit) else {
            throw BenchFailure("\(name) did not say it was ready within \(limit): \(Self.tail(of: log))", timedOut: true)
        }
        return try result.get()
    }

    /// Sends a signal (SIGTERM, SIGKILL, …) to the process.
    func signal(_ number: Int32) { _ = kill(pid, number) }

    /// True once the process has exited; waits up to `limit`.
    func exit(within limit: Duration) async -> Bool { await exited.wait(limit) != nil }

    /// SIGTERM, then SIGKILL if it has not exited within `grace`; true if it ended by the signal it was sent first.
    @discardableResult
    func stop(grace: Duration) async -> Bool {
        guard exited.value == nil else { return true }
        signal(SIGTERM)
        if await exit(within: grace) { return true }
        signal(SIGKILL)
        _ = await exit(within: .seconds(5))
        return false
    }

    /// The last lines of a log, joined for a one-line message.
    static func tail(of log: URL, lines: Int = 4) -> String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let last = text.split(separator: "\n").suffix(lines)
        return last.isEmpty ? "(no output)" : last.joined(separator: " | ")
    }
}

/// Finds the block a process prints once ready: the `title` line, `  name  value` rows, a blank line.
private final class ReadyBlock: Sendable {
    private struct State {
        /// Bytes after the last complete line.
        var pending = Data()
        /// The rows so far, once the title was seen.
        var rows: [String: String]?
        var done = false
    }

    private let title: String?
    private let state = Mutex(State())

    init(title: String?) {
        self.title = title
    }

    /// Takes the next bytes of output; returns the rows when the block ends.
    func feed(_ data: Data) -> [String: String]? {
        guard let title else { return nil }
        return state.withLock { state -> [String: String]? in
            guard !state.done else { return nil }
            state.pending.append(data)
            while let newline = state.pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: state.pending[state.pending.startIndex..<newline], as: UTF8.self)
                state.pending = Data(state.pending[state.pending.index(after: newline)...])
                if state.rows == nil {
                    if line == title { state.rows = [:] }
                } else if line.isEmpty {
                    state.done = true
                    return state.rows
                } else if line.hasPrefix("  ") {
                    let words = line.split(separator: " ")
                    if words.count >= 2 { state.rows?[String(words[0])] = String(words[1]) }
                }
            }
            return nil
        }
    }
}
