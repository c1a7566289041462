import Broker
import Client
import Configuration
import Foundation
import InterludeCLI
import Journal
import Lifecycle
import Log
import SQLite
import Wire
import WorkerKit
import WorkerRuntime
import ZeroMQ

/// A broker and one worker in this process on loopback ports, with a journal in a scratch folder, and a probe.
final class BenchSystem: Sendable, ShutsDown {
    let probe: BenchProbe
    private let group: ServiceGroup
    private let running: Task<Void, any Error>

    /// Starts everything; `folder` must be empty or absent and is left for the caller to remove. The
    /// journal is SQLite in `folder` unless `journal` names another place.
    ///
    /// With `curve`, every socket uses CURVE and the broker's ZAP handler admits one fresh key holding every role.
    init(context: Context, synchronous: Synchronous, capacity: Int, folder: URL, journal: JournalLocation? = nil, curve: Bool = false) throws {
        let registry = try BenchOperations.registry()
        let quiet = Log.Level.warning
        let keys = curve ? try BenchKeys() : nil
        let broker = try BrokerService(
            context: context,
            endpoints: BrokerEndpoints(clients: "tcp://127.0.0.1:*", workers: "tcp://127.0.0.1:*", events: "tcp://127.0.0.1:*"),
            journal: journal ?? .sqlite(folder: folder, synchronous: synchronous), keys: keys?.broker, log: Log("bench-broker", level: quiet))
        let security = keys?.client ?? .none
        let worker = try WorkerService(
            context: context, endpoint: broker.endpoints.workers, security: security, registry: registry,
            settings: .init(name: "bench-worker", capacity: capacity), log: Log("bench-worker", level: quiet))
        probe = try BenchProbe(clients: broker.endpoints.clients, events: broker.endpoints.events, security: ConnectionSecurity(security))
        group = ServiceGroup([broker, worker], gracePeriod: .seconds(5), signals: [], log: Log("bench", level: quiet))
        running = Task { [group] in try await group.run() }
    }

    /// Stops the probe, then the worker and the broker (within the group's grace period).
    func shutdown() async {
        probe.close()
        group.triggerGracefulShutdown()
        if case .failure(let error) = await running.result { printError("bench: \(error)") }
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

/// A started system that stops its processes or threads when asked.
protocol ShutsDown {
    /// Stops what the system started.
    func shutdown() async
}

/// Runs `body` on a started system and then shuts it down, also when `body` fails.
func withShutdown<System: ShutsDown, T>(_ system: System, _ body: (System) async throws -> T) async throws -> T {
    do {
        let value = try await body(system)
        await system.shutdown()
        return value
    } catch {
        await system.shutdown()
        throw error
    }
}
