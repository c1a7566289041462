import Foundation
import JSON
import Presentation
import Wire

/// One isolated Interlude installation: a temporary folder (data, library, logs) and the real
/// `interlude` processes started in it. `shutdown()` kills whatever still runs.
///
/// Ports are never picked here: the first broker binds `tcp://127.0.0.1:*` and the gateway port 0,
/// and each reports what it got in the block it prints once listening (`Sandbox.ready`); every
/// process started later is given those endpoints, and a restarted broker binds the same ones again.
final class Sandbox: @unchecked Sendable {  // used from one test at a time
    let binary: URL
    let root: URL
    let data: URL
    let library: URL
    let logs: URL
    /// The broker's client endpoint: `tcp://127.0.0.1:*` until a broker (or `up`) reports its port.
    private(set) var clients = "tcp://127.0.0.1:*"
    /// The broker's worker endpoint, likewise.
    private(set) var workers = "tcp://127.0.0.1:*"
    /// The broker's event endpoint, likewise.
    private(set) var events = "tcp://127.0.0.1:*"
    /// The gateway's `host:port`: port 0 until a gateway (or `up`) reports the one it bound.
    private(set) var http = "127.0.0.1:0"
    private(set) var processes: [ProcessHandle] = []
    private var cliCount = 0
    /// Settings every process of this sandbox gets on top of the defaults (CURVE keys, for one).
    var common: [String: String] = [:]
    /// How the client commands reach Interlude (`Transport`).
    let transport: Transport

    /// A fresh sandbox; with `demoLibrary` the library gets a few downloads and a project to act on.
    init(_ label: String, demoLibrary: Bool = true, transport: Transport = .zeroMQ) throws {
        self.transport = transport
        binary = try InterludeBinary.locate()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("interlude-e2e-\(label)-\(UUID().uuidString.prefix(8))")
        data = root.appendingPathComponent("data", isDirectory: true)
        library = root.appendingPathComponent("library", isDirectory: true)
        logs = root.appendingPathComponent("logs", isDirectory: true)
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        if demoLibrary { try TestLibrary.create(at: library) }
        if transport == .gateway { common["INTERLUDE_TOKENS"] = Transport.tokens }
    }

    /// The environment every process gets: the caller's minus any `INTERLUDE_…`, plus this sandbox's settings.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("INTERLUDE_") }
        environment.merge([
            "INTERLUDE_DATA": data.path,
            "INTERLUDE_LIBRARY": library.path,
            "INTERLUDE_CLIENTS": clients,
            "INTERLUDE_WORKERS": workers,
            "INTERLUDE_EVENTS": events,
            "INTERLUDE_HTTP": http,
            "INTERLUDE_HEARTBEAT_MS": "200",
            // Two seconds of silence before a peer is dead: a process starved of CPU on a busy machine
            // is slow, not gone, and a false death re-dispatches jobs the tests count.
            "INTERLUDE_LIVENESS": "10",
            "INTERLUDE_LOG_LEVEL": "warning",
            "INTERLUDE_REQUEST_TIMEOUT_MS": "4000",
            "USER": "e2e",
        ]) { _, new in new }
        environment.merge(common) { _, new in new }
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Starts a long-running `interlude` process (or another `executable`) that `shutdown()` will kill.
    @discardableResult
    func start(
        _ name: String, _ arguments: [String], executable: URL? = nil, environment extra: [String: String] = [:]
    ) throws -> ProcessHandle {
        let handle = try ProcessHandle(
            name: name, executable: executable ?? binary, arguments: arguments, environment: environment(extra), directory: root,
            logs: logs)
        processes.append(handle)
        return handle
    }

    /// Starts `interlude broker` and waits until it reports where it listens.
    @discardableResult
    func startBroker(name: String = "broker", environment extra: [String: String] = [:]) async throws -> ProcessHandle {
        let broker = try start(name, ["broker"], environment: extra)
        try await ready(broker, "interlude broker is up.")
        return broker
    }

    /// Starts `interlude worker` named `name` and waits until the broker has taken its announcements
    /// (the worker prints "interlude worker is up." then), so its operations may be submitted.
    @discardableResult
    func startWorker(_ name: String, environment extra: [String: String] = [:]) async throws -> ProcessHandle {
        let worker = try launchWorker(name, environment: extra)
        try await ready(worker, "interlude worker is up.")
        return worker
    }

    /// Starts `interlude worker` named `name` without waiting for the broker to take it (it may never).
    @discardableResult
    func launchWorker(_ name: String, environment extra: [String: String] = [:]) throws -> ProcessHandle {
        try start(name, ["worker", "--concurrency", "2"], environment: ["INTERLUDE_WORKER_NAME": name].merging(extra) { _, new in new })
    }

    /// Lets a worker announce the shipped operations once and stops it (SIGTERM: it says goodbye, so the
    /// broker forgets it at once), so the broker knows them while no worker runs: jobs then wait in the queue.
    func announceShippedOperations(environment extra: [String: String] = [:]) async throws {
        let worker = try await startWorker("announcer", environment: extra)
        worker.terminate()
        guard await worker.exit(within: .seconds(15)) != nil else { throw EndToEndFailure("the announcing worker did not stop") }
        // Its goodbye reaches the broker before it exits; the broker forgets it as it reads it, a moment after.
        _ = try await eventually("the broker to forget the announcing worker") { () async throws -> Bool? in
            let list = try await cliJSON(BrokerReply.OperationList.self, "operations", "--json")
            return list.operations.allSatisfy { !$0.workers.contains("announcer") } ? true : nil
        }
    }

    /// Remembers where a process reported it listens, so later processes are given it.
    func record(_ name: String, _ value: String) {
        switch name {
        case "clients": clients = value
        case "workers": workers = value
        case "events": events = value
        case "http": http = value
        default: break
        }
    }

    /// Starts `interlude up` (broker, worker and gateway in one process) and waits until it reports
    /// where everything listens; returns the process and the banner's rows.
    @discardableResult
    func startUp(environment extra: [String: String] = [:]) async throws -> (process: ProcessHandle, banner: [String: String]) {
        let up = try start("up", ["up"], environment: extra)
        return (up, try await ready(up, "interlude is up."))
    }

    /// Kills every process still running and removes the folder.
    func shutdown() {
        for process in processes { process.kill() }
        try? FileManager.default.removeItem(at: root)
    }

    // MARK: - The command line

    /// What a command printed and how it exited.
    struct CLIResult: CustomStringConvertible {
        let status: Int32
        let stdout: String
        let stderr: String
        var output: String { stdout + stderr }
        var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
    }

    /// Runs `interlude arguments…` against this sandbox and waits (at most `timeout`) for it to end.
    func cli(_ arguments: String..., timeout: Duration = .seconds(15)) async throws -> CLIResult {
        try await cli(arguments, timeout: timeout)
    }

    func cli(_ arguments: [String], environment extra: [String: String] = [:], timeout: Duration = .seconds(15)) async throws -> CLIResult {
        let (arguments, extra) = overTransport(arguments, extra)
        cliCount += 1
        let handle = try ProcessHandle(
            name: "cli\(cliCount)", executable: binary, arguments: arguments, environment: environment(extra), directory: root,
            logs: logs)
        defer {
            try? FileManager.default.removeItem(at: handle.stdoutFile)
            try? FileManager.default.removeItem(at: handle.stderrFile)
        }
        guard let termination = await handle.exit(within: timeout) else {
            handle.kill()
            throw EndToEndFailure("`interlude \(arguments.joined(separator: " "))` did not end within \(timeout)")
        }
        guard !termination.signalled else {
            throw EndToEndFailure("`interlude \(arguments.joined(separator: " "))` crashed (\(termination)):\n\(handle.stderr)")
        }
        return CLIResult(status: termination.status, stdout: handle.stdout, stderr: handle.stderr)
    }

    /// Runs a command that must succeed and decodes its `--json` output.
    func cliJSON<T: Decodable>(_ type: T.Type, _ arguments: String...) async throws -> T {
        let result = try await cli(arguments)
        guard result.status == 0 else { throw EndToEndFailure("`interlude \(arguments.joined(separator: " "))` failed: \(result)") }
        do {
            return try JSONCoding.decoder.decode(T.self, from: Data(result.stdout.utf8))
        } catch {
            throw EndToEndFailure("`interlude \(arguments.joined(separator: " "))` printed what is not a \(T.self): \(error)\n\(result)")
        }
    }

    /// `interlude submit operation --input json`; returns the job id it printed.
    func submit(_ operation: String, _ input: String) async throws -> String {
        let result = try await cli("submit", operation, "--input", input)
        guard result.status == 0 else { throw EndToEndFailure("submit \(operation) failed: \(result)") }
        let id = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !id.isEmpty, !id.contains(" "), !id.contains("\n") else { throw EndToEndFailure("submit printed no job id: \(result)") }
        return id
    }

    /// `interlude status job --json`.
    func status(_ job: String) async throws -> Job {
        try await cliJSON(Job.self, "status", job, "--json")
    }

    /// `interlude pending --json`.
    func pending() async throws -> [Presentation] {
        try await cliJSON([Presentation].self, "pending", "--json")
    }

    /// `interlude jobs --json`.
    func jobs() async throws -> [Job] {
        try await cliJSON(BrokerReply.JobPage.self, "jobs", "--json").jobs
    }

    // MARK: - Waiting

    /// Polls the job's status every 50 ms until `condition` holds; fails after `timeout`.
    @discardableResult
    func waitFor(_ job: String, _ what: String, timeout: Duration = .seconds(15), _ condition: @escaping (Job) -> Bool) async throws -> Job {
        var last: Job?
        do {
            return try await eventually("job \(job) to be \(what)", timeout: timeout) {
                let current = try await status(job)
                last = current
                return condition(current) ? current : nil
            }
        } catch {
            throw EndToEndFailure("\(error)\nlast status: \(last.map { String(describing: $0) } ?? "none")\n\(diagnostics())")
        }
    }

    /// Waits until the job ends, whichever way.
    @discardableResult
    func waitForEnd(of job: String, timeout: Duration = .seconds(15)) async throws -> Job {
        try await waitFor(job, "finished", timeout: timeout) { $0.isFinished }
    }

    /// Waits until the job is waiting and returns its question.
    func question(of job: String, timeout: Duration = .seconds(15)) async throws -> Presentation {
        let waiting = try await waitFor(job, "waiting for an answer", timeout: timeout) { $0.state == .waiting || $0.isFinished }
        guard let presentation = waiting.presentation, waiting.state == .waiting else {
            throw EndToEndFailure("job \(job) ended without asking: \(waiting)\n\(diagnostics())")
        }
        return presentation
    }

    /// Calls `probe` every `poll` until it returns a value; fails after `timeout`.
    func eventually<T>(
        _ what: String, timeout: Duration = .seconds(15), poll: Duration = .milliseconds(50), _ probe: () async throws -> T?
    ) async throws -> T {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let value = try await probe() { return value }
            guard ContinuousClock.now < deadline else { throw EndToEndFailure("timed out after \(timeout) waiting for \(what)") }
            try await Task.sleep(for: poll)
        }
    }

    /// The end of every process's standard error, for failure messages.
    func diagnostics() -> String {
        processes.map { $0.tail() }.joined(separator: "\n")
    }
}

extension Job {
    /// The result as a dictionary, for assertions.
    var resultObject: [String: JSONValue]? {
        if case .object(let object)? = try? result?.value { return object }
        return nil
    }
}
