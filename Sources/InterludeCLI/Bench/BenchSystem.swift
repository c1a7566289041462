import Broker
import Configuration
import Log
import Foundation
import SQLite
import Wire
import WorkerKit
import WorkerRuntime
import ZeroMQ

/// A broker and one worker in this process on loopback ports, with a journal in a scratch folder, and a probe.
final class BenchSystem: Sendable {
    let broker: BrokerService
    let worker: WorkerService
    let probe: BenchProbe

    /// Starts everything; `folder` must be empty or absent and is left for the caller to remove.
    ///
    /// With `curve`, every socket uses CURVE and the broker's ZAP handler admits one fresh key holding every role.
    init(context: Context, synchronous: Synchronous, capacity: Int, folder: URL, curve: Bool = false) throws {
        let registry = BenchOperations.registry
        let quiet = Log.Level.warning
        let keys = curve ? try BenchKeys() : nil
        broker = try BrokerService(
            context: context,
            endpoints: BrokerEndpoints(clients: "tcp://127.0.0.1:*", workers: "tcp://127.0.0.1:*", events: "tcp://127.0.0.1:*"),
            dataFolder: folder, synchronous: synchronous, keys: keys?.broker, log: Log("bench-broker", level: quiet),
            validate: { operation, input throws(WireError) in try registry.validate(operation: operation, input: input) })
        let security = keys?.client ?? .none
        worker = try WorkerService(
            context: context, endpoint: broker.endpoints.workers, security: security, registry: registry,
            settings: .init(name: "bench-worker", capacity: capacity), log: Log("bench-worker", level: quiet))
        probe = try BenchProbe(context: context, clients: broker.endpoints.clients, events: broker.endpoints.events, security: security)
    }

    /// Stops the probe, the worker and the broker, waiting a bounded time for each.
    func shutdown() async {
        probe.close()
        worker.stop()
        broker.stop()
        let broker = self.broker
        let worker = self.worker
        if await !Bounded.wait(.seconds(5), { try? await broker.wait() }) { printError("bench: the broker did not stop within 5 s") }
        if await !Bounded.wait(.seconds(5), { await worker.wait() }) { printError("bench: the worker did not stop within 5 s") }
    }
}

/// A broker key and one client key admitted as worker, client and answerer, made fresh for a CURVE run.
struct BenchKeys {
    let broker: BrokerKeys
    let client: SocketSecurity

    init() throws {
        let server = try CurveKeyPair.generate()
        let bench = try CurveKeyPair.generate()
        let lines = ["worker", "client", "answerer"].map { "\($0) bench \(bench.publicKey)" }.joined(separator: "\n")
        broker = BrokerKeys(secretKey: server.secretKey, authorized: try AuthorizedKeys(parsing: lines, source: "bench"))
        client = .curveClient(serverKey: server.publicKey, secretKey: bench.secretKey)
    }
}

/// Waits for work that may never end without cancelling it (some waits spin when cancelled).
enum Bounded {
    /// True if `body` finished within `limit`; otherwise it is left running and false is returned.
    static func wait(_ limit: Duration, _ body: @escaping @Sendable () async -> Void) async -> Bool {
        let done = Arrivals<Bool>()
        Task {
            await body()
            done.arrive("done", true)
        }
        return (try? await done.wait(for: "done", timeout: limit, what: "shutdown")) ?? false
    }
}

/// Runs `body` on a started system and then shuts it down, also when `body` fails.
func withShutdown<System, T>(
    _ system: System, _ shutdown: (System) async -> Void, _ body: (System) async throws -> T
) async throws -> T {
    do {
        let value = try await body(system)
        await shutdown(system)
        return value
    } catch {
        await shutdown(system)
        throw error
    }
}
