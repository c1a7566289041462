import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with its own environment, its output captured in files.
///
/// Output goes to files rather than pipes, so a chatty process never blocks on a full pipe and its
/// output can be read at any time (while it runs, too).
final class ProcessHandle: @unchecked Sendable {  // used from one test at a time
    /// How a process ended.
    struct Termination: Equatable, CustomStringConvertible {
        /// The exit status, or the signal number when `signalled`.
        let status: Int32
        let signalled: Bool
        var description: String { signalled ? "killed by signal \(status)" : "exit status \(status)" }
    }

    let name: String
    let arguments: [String]
    let stdoutFile: URL
    let stderrFile: URL
    private let process = Process()

    /// Starts `executable arguments…` in `directory` with exactly `environment`.
    init(name: String, executable: URL, arguments: [String], environment: [String: String], directory: URL, logs: URL) throws {
        self.name = name
        self.arguments = arguments
        let stamp = UUID().uuidString.prefix(8)
        stdoutFile = logs.appendingPathComponent("\(name)-\(stamp).stdout")
        stderrFile = logs.appendingPathComponent("\(name)-\(stamp).stderr")
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        let out = try FileHandle(forWritingTo: stdoutFile)
        let err = try FileHandle(forWritingTo: stderrFile)
        defer {
            try? out.close()
            try? err.close()
        }
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    /// What the process wrote to standard output so far.
    var stdout: String { (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "" }
    /// What the process wrote to standard error so far.
    var stderr: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    /// How it ended, or nil while it runs.
    var termination: Termination? {
        guard !process.isRunning else { return nil }
        return Termination(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal)
    }

    /// Sends SIGKILL and waits (at most 5 s) until the process is reaped.
    @discardableResult
    func kill() -> Termination? {
        if process.isRunning { sendSignal(process.processIdentifier, SIGKILL) }
        return waitSynchronously(timeout: .seconds(5))
    }

    /// Sends SIGHUP (the broker rereads its authorized keys).
    func hangUp() {
        if process.isRunning { sendSignal(process.processIdentifier, SIGHUP) }
    }

    /// Sends SIGSTOP: the process stops where it is, at once, until killed (or sent SIGCONT).
    func suspend() {
        if process.isRunning { sendSignal(process.processIdentifier, SIGSTOP) }
    }

    /// Sends SIGTERM; use `exit(within:)` to wait for the process to stop.
    func terminate() {
        if process.isRunning { sendSignal(process.processIdentifier, SIGTERM) }
    }

    /// Waits for the process to end, at most `timeout`; nil if it is still running then.
    func exit(within timeout: Duration) async -> Termination? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return termination
    }

    /// The same as `exit(within:)`, for `defer` blocks.
    func waitSynchronously(timeout: Duration) -> Termination? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { usleep(5_000) }
        return termination
    }

    /// The last lines of standard error, for failure messages.
    func tail(lines: Int = 15) -> String {
        let text = stderr.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
        return "[\(name) pid \(pid), \(termination.map(\.description) ?? "running")] \(arguments.joined(separator: " "))\n\(text)"
    }
}

/// `kill(2)`, out of reach of the method of the same name.
private func sendSignal(_ pid: Int32, _ number: Int32) {
    _ = kill(pid, number)
}
