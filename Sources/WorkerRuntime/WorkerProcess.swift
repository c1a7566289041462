import Configuration
import Foundation
import Lifecycle
import Log
import WorkerKit
import ZeroMQ

/// A worker program: what `interlude worker` runs for the shipped operations, and what a worker of
/// one's own runs for its operations (`Examples/HelloWorker`), with the same settings.
public enum WorkerProcess {
    /// The worker service for `registry` with `settings` (`workerName`, `concurrency`, `heartbeatMs`,
    /// `liveness`, the size policy), connecting to `endpoint` secured as `security` says.
    public static func service(
        _ registry: OperationRegistry, settings: Settings, context: Context, endpoint: String, security: SocketSecurity
    ) throws -> WorkerService {
        try WorkerService(
            context: context, endpoint: endpoint, security: security, registry: registry,
            settings: .init(
                name: settings.resolvedWorkerName, capacity: settings.concurrency, heartbeatInterval: settings.heartbeatInterval,
                liveness: settings.liveness, limits: settings.messageLimits, maxSuspended: settings.maxSuspended),
            log: settings.log("worker"))
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

    /// Runs `registry`'s operations until SIGINT or SIGTERM: connects to the broker's `workers` endpoint
    /// (with CURVE when `curveSecretKeyFile` is set), announces them, and prints "interlude worker is up."
    /// with the worker's name, the broker and the operations once the broker has taken them.
    public static func run(_ registry: OperationRegistry, settings: Settings) async throws {
        let log = settings.log("worker")
        let security = try Credentials(settings).brokerConnection()
        let worker = try service(registry, settings: settings, context: try Context(), endpoint: settings.workers, security: security)
        log.info("\(settings.resolvedWorkerName) running up to \(settings.concurrency) job(s) from \(settings.workers)")
        var banner = Banner("interlude worker is up.")
        banner.row("worker", settings.resolvedWorkerName)
        banner.row("broker", settings.workers)
        banner.row("operations", registry.names.joined(separator: ","))
        let announced = announce(banner, when: worker, within: .seconds(3_600), log: log)
        defer { announced.cancel() }
        try await ServiceGroup([worker], log: log).run()
    }

    /// The whole program of a worker of one's own: reads the settings `interlude worker` reads
    /// (`config/interlude.json` or `INTERLUDE_CONFIG`, then `INTERLUDE_…` variables), runs `registry()`'s
    /// operations until SIGINT or SIGTERM, and exits 0; on a bad setting or a failure it prints one line
    /// on standard error and exits 1.
    public static func main(_ registry: () throws -> OperationRegistry) async -> Never {
        // A write to a closed pipe or socket must fail with EPIPE, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        do {
            try await run(try registry(), settings: try Settings.load())
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("\(CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "worker"): \(error)\n".utf8))
            exit(1)
        }
    }
}
