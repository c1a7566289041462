import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A process the bench started: its output goes to a log file, and it may announce itself with one line.
///
/// `@unchecked Sendable`: `process` is configured and started in `init` and afterwards only read
/// (its id) and signalled by id; the output scanner's state is behind a mutex.
final class ChildProcess: @unchecked Sendable {
    let name: String
    let pid: Int32
    let log: URL
    private let process: Process
    private let exited = Latch<Int32>()
    private let announced = Latch<Result<String, BenchFailure>>()

    /// Starts `executable`; the first output line `announcement` accepts is kept for `announcement(within:)`.
    init(
        name: String, executable: URL, arguments: [String], environment: [String: String], directory: URL, log: URL,
        announcement: (@Sendable (String) -> Bool)? = nil
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
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        self.name = name
        self.log = log
        self.process = process
        let scanner = LineScanner(accept: announcement)
        let (exited, announced) = (exited, announced)
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                try? file.close()
                return
            }
            file.write(data)
            if let line = scanner.feed(data) { announced.open(.success(line)) }
        }
        process.terminationHandler = { process in
            exited.open(process.terminationStatus)
            let tail = Self.tail(of: log)
            announced.open(.failure(BenchFailure("\(name) exited (status \(process.terminationStatus)) before it was ready: \(tail)")))
        }
        try process.run()
        pid = process.processIdentifier
    }

    /// The announced line, or a failure if the process exits or `limit` passes first.
    func announcement(within limit: Duration) async throws -> String {
        guard let result = await announced.wait(limit) else {
            throw BenchFailure("\(name) did not announce itself within \(limit): \(Self.tail(of: log))", timedOut: true)
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

/// Finds the first complete output line that `accept` takes, then stops looking.
private final class LineScanner: Sendable {
    private let accept: (@Sendable (String) -> Bool)?
    /// Bytes after the last complete line; nil once a line was accepted (or when nothing is looked for).
    private let pending: Mutex<Data?>

    init(accept: (@Sendable (String) -> Bool)?) {
        self.accept = accept
        pending = Mutex(accept == nil ? nil : Data())
    }

    /// Takes the next bytes of output; returns the accepted line when it completes.
    func feed(_ data: Data) -> String? {
        guard let accept else { return nil }
        return pending.withLock { buffer -> String? in
            guard var bytes = buffer else { return nil }
            bytes.append(data)
            while let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: bytes[bytes.startIndex..<newline], as: UTF8.self)
                bytes = Data(bytes[bytes.index(after: newline)...])
                if accept(line) {
                    buffer = nil
                    return line
                }
            }
            buffer = bytes
            return nil
        }
    }
}
