public import Configuration
import Foundation
public import WorkerKit
public import WorkerRuntime
public import ZeroMQ

extension Settings {
    /// The worker's own settings: `workerName` (empty: host and process id), `concurrency`, `heartbeatMs`,
    /// `liveness`, the size policy and `maxSuspended`.
    public var workerSettings: WorkerService.Settings {
        WorkerService.Settings(
            name: resolvedWorkerName, capacity: concurrency, heartbeatInterval: heartbeatInterval, liveness: liveness, limits: messageLimits,
            maxSuspended: maxSuspended)
    }

    /// A worker program's options: the `workers` endpoint, secured with `curveSecretKeyFile` and `brokerPublicKey`
    /// when they are set, the worker's own settings, and the `worker` log at `logLevel` in `logFormat`.
    public func workerOptions() throws -> WorkerProcess.Options {
        WorkerProcess.Options(
            endpoint: workers, security: try Credentials(self).brokerConnection(), worker: workerSettings, log: log("worker"))
    }
}

extension WorkerProcess {
    /// The worker service for `registry` with the worker's settings, connecting to `endpoint` secured as `security` says.
    public static func service(
        _ registry: OperationRegistry, settings: Settings, context: Context, endpoint: String, security: SocketSecurity
    ) throws -> WorkerService {
        try WorkerService(
            context: context, endpoint: endpoint, security: security, registry: registry, settings: settings.workerSettings,
            log: settings.log("worker"))
    }

    /// Runs `registry`'s operations with `settings` until SIGINT or SIGTERM (see `run(_:options:)`).
    public static func run(_ registry: OperationRegistry, settings: Settings) async throws {
        try await run(registry, options: try settings.workerOptions())
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
