import Foundation
public import Lifecycle
public import Log
public import WorkerKit
public import ZeroMQ

/// A worker program: what `interlude worker` runs for the shipped operations, and what a worker of
/// one's own runs for its operations (`Examples/HelloWorker`); WorkerMain gives it Interlude's settings.
public enum WorkerProcess {
    /// What a worker program runs with: the broker's `workers` endpoint and how it is secured, the worker's
    /// own settings and its log (WorkerMain reads them from Interlude's settings).
    public struct Options: Sendable {
        /// The broker's endpoint for workers; a comma-separated list follows the active broker of several.
        public var endpoint: String
        /// How the connection is secured (CURVE when the process has a key).
        public var security: SocketSecurity
        /// How the worker announces itself and watches the broker.
        public var worker: WorkerService.Settings
        /// Where the worker logs.
        public var log: Log

        /// Options from each of their parts.
        public init(endpoint: String, security: SocketSecurity = .none, worker: WorkerService.Settings, log: Log = Log("worker")) {
            self.endpoint = endpoint
            self.security = security
            self.worker = worker
            self.log = log
        }
    }

    /// Writes `banner` once the broker has welcomed `worker` (taken its announcements, so its operations
    /// may be submitted), or after `limit` with a warning; cancel the task to stop waiting.
    public static func announce(_ banner: Banner, when worker: WorkerService, within limit: Duration, log: Log) -> Task<Void, Never> {
        Task {
            let welcomed = await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    for await _ in worker.welcomes { return true }
                    return false
                }
                group.addTask {
                    try? await Task.sleep(for: limit)
                    return false
                }
                let first = await group.next() ?? false
                group.cancelAll()
                return first
            }
            guard !Task.isCancelled else { return }
            if !welcomed { log.warning("the broker has not taken the worker's operations within \(limit)") }
            banner.write()
        }
    }

    /// Runs `registry`'s operations until SIGINT or SIGTERM: connects to the broker at `options.endpoint`,
    /// announces them, and prints "interlude worker is up." with the worker's name, the broker and the
    /// operations once the broker has taken them.
    public static func run(_ registry: OperationRegistry, options: Options) async throws {
        Heap.keepHeadroom()
        let log = options.log
        let worker = try WorkerService(
            context: try Context(), endpoint: options.endpoint, security: options.security, registry: registry, settings: options.worker, log: log)
        log.info("\(options.worker.name) running up to \(options.worker.capacity) job(s) from \(options.endpoint)")
        var banner = Banner("interlude worker is up.")
        banner.row("worker", options.worker.name)
        banner.row("broker", options.endpoint)
        banner.row("operations", registry.names.joined(separator: ","))
        let announced = announce(banner, when: worker, within: .seconds(3_600), log: log)
        defer { announced.cancel() }
        try await ServiceGroup([worker], log: log).run()
    }
}
