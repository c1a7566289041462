import Foundation

/// Starts the shipped `interlude broker`, `worker` and `gateway` as processes of their own, configured
/// only through `INTERLUDE_…` variables, each with its log in one scratch folder.
struct ChildLauncher: Sendable {
    /// Where the broker listens, as its ready block says.
    struct Endpoints: Sendable, Equatable {
        let clients: String
        let workers: String
        let events: String

        /// Reads the `clients`, `workers` and `events` rows of `interlude broker is up.`
        init?(ready rows: [String: String]) {
            guard let clients = rows["clients"], let workers = rows["workers"], let events = rows["events"] else { return nil }
            self.init(clients: clients, workers: workers, events: events)
        }

        init(clients: String, workers: String, events: String) {
            self.clients = clients
            self.workers = workers
            self.events = events
        }

        /// Any free loopback port for each.
        static let anyPort = Endpoints(clients: "tcp://127.0.0.1:*", workers: "tcp://127.0.0.1:*", events: "tcp://127.0.0.1:*")
    }

    /// The `interlude` executable.
    let executable: URL
    /// Working folder of every child: journals, library and logs go under it.
    let folder: URL
    /// `full` or `normal`.
    let synchronous: String

    /// A broker on `endpoints` with its journal in `folder/data`; its ready block names the endpoints it bound.
    func broker(_ endpoints: Endpoints) throws -> ChildProcess {
        try start(
            "broker", ["broker"],
            [
                "INTERLUDE_DATA": folder.appendingPathComponent("data").path, "INTERLUDE_CLIENTS": endpoints.clients,
                "INTERLUDE_WORKERS": endpoints.workers, "INTERLUDE_EVENTS": endpoints.events,
                "INTERLUDE_SYNCHRONOUS": synchronous, "INTERLUDE_LOG_LEVEL": "info",
            ], ready: "interlude broker is up.")
    }

    /// Worker number `index` connected to `endpoint`, running up to `capacity` jobs at once.
    func worker(_ index: Int, endpoint: String, capacity: Int) throws -> ChildProcess {
        try start(
            "worker-\(index)", ["worker", "--concurrency", "\(capacity)"],
            [
                "INTERLUDE_WORKERS": endpoint, "INTERLUDE_LIBRARY": folder.appendingPathComponent("library").path,
                "INTERLUDE_WORKER_NAME": "bench-worker-\(index)", "INTERLUDE_LOG_LEVEL": "warning",
            ])
    }

    /// A gateway on a free port that delivers `job.succeeded` events to `webhook`, `inFlight` at once.
    func gateway(_ endpoints: Endpoints, webhook: String, secret: String, inFlight: Int) throws -> ChildProcess {
        try start(
            "gateway", ["gateway"],
            [
                "INTERLUDE_HTTP": "127.0.0.1:0", "INTERLUDE_CLIENTS": endpoints.clients, "INTERLUDE_EVENTS": endpoints.events,
                "INTERLUDE_DATA": folder.appendingPathComponent("gateway").path, "INTERLUDE_WEBHOOK_URL": webhook,
                "INTERLUDE_WEBHOOK_SECRET": secret, "INTERLUDE_WEBHOOK_EVENTS": "job.succeeded", "INTERLUDE_LOG_LEVEL": "warning",
                "INTERLUDE_WEBHOOK_IN_FLIGHT": "\(inFlight)",
            ], ready: "interlude gateway is up.")
    }

    /// A gateway on a free port without tokens or webhooks (its API open on loopback): the HTTP submit rows.
    func gateway(_ endpoints: Endpoints) throws -> ChildProcess {
        try start(
            "gateway", ["gateway"],
            [
                "INTERLUDE_HTTP": "127.0.0.1:0", "INTERLUDE_CLIENTS": endpoints.clients, "INTERLUDE_EVENTS": endpoints.events,
                "INTERLUDE_DATA": folder.appendingPathComponent("gateway").path, "INTERLUDE_LOG_LEVEL": "warning",
            ], ready: "interlude gateway is up.")
    }

    private func start(
        _ name: String, _ arguments: [String], _ settings: [String: String], ready: String? = nil
    ) throws -> ChildProcess {
        // Nothing of the caller's configuration leaks in: no INTERLUDE_… variable, no config/ in `folder`.
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("INTERLUDE_") }
        environment.merge(settings) { $1 }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var log = folder.appendingPathComponent("\(name).log")
        var attempt = 1
        while FileManager.default.fileExists(atPath: log.path) {
            attempt += 1
            log = folder.appendingPathComponent("\(name)-\(attempt).log")
        }
        return try ChildProcess(
            name: name, executable: executable, arguments: arguments, environment: environment, directory: folder, log: log,
            ready: ready)
    }
}
