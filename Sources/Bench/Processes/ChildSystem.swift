import Client
import Foundation
import Synchronization
import Wire
import ZeroMQ

/// A broker and workers as processes of their own on loopback, with this process as their client (a probe);
/// optionally a gateway that delivers webhooks.
final class ChildSystem: Sendable, ShutsDown {
    let launcher: ChildLauncher
    let endpoints: ChildLauncher.Endpoints
    let workers: [ChildProcess]
    let gateway: ChildProcess?
    let probe: BenchProbe
    /// Warm-up jobs run at start: each of them succeeds (and is delivered as a webhook) too.
    let warmUps: Int
    private let brokerSlot: Mutex<ChildProcess>

    /// The broker process now (it changes when restarted).
    var broker: ChildProcess { brokerSlot.withLock { $0 } }

    /// Starts the broker, `workers` workers of `capacity` and, with `webhook`, a gateway; returns once every
    /// worker has registered and a warm-up job has gone through. On failure, whatever started is stopped.
    static func start(
        _ launcher: ChildLauncher, context: Context, workers count: Int, capacity: Int, webhook: (url: String, secret: String, inFlight: Int)? = nil,
        within limit: Duration
    ) async throws -> ChildSystem {
        var started: [ChildProcess] = []
        do {
            let broker = try launcher.broker(.anyPort)
            started.append(broker)
            let rows = try await broker.ready(within: limit)
            guard let endpoints = ChildLauncher.Endpoints(ready: rows) else { throw BenchFailure("the broker's ready block names no endpoints: \(rows)") }
            let workers = try (1...count).map { try launcher.worker($0, endpoint: endpoints.workers, capacity: capacity) }
            started += workers
            let gateway = try webhook.map { try launcher.gateway(endpoints, webhook: $0.url, secret: $0.secret, inFlight: $0.inFlight) }
            if let gateway {
                started.append(gateway)
                _ = try await gateway.ready(within: limit)
            }
            // A broker slowed down by many parked jobs is measured, not given up on after 5 s.
            let probe = try BenchProbe(clients: endpoints.clients, events: endpoints.events, requestTimeout: limit)
            do {
                try await waitForWorkers(probe.client, count, within: limit)
                let warmUps = try await probe.warmUp(within: limit)
                return ChildSystem(launcher, endpoints, broker, workers, gateway, probe, warmUps)
            } catch {
                probe.close()
                throw error
            }
        } catch {
            for child in started.reversed() { await child.stop(grace: .seconds(5)) }
            throw error
        }
    }

    private init(
        _ launcher: ChildLauncher, _ endpoints: ChildLauncher.Endpoints, _ broker: ChildProcess, _ workers: [ChildProcess],
        _ gateway: ChildProcess?, _ probe: BenchProbe, _ warmUps: Int
    ) {
        self.launcher = launcher
        self.endpoints = endpoints
        brokerSlot = Mutex(broker)
        self.workers = workers
        self.gateway = gateway
        self.probe = probe
        self.warmUps = warmUps
    }

    /// SIGKILLs the broker and starts it again on the same endpoints and journal; returns when the new one
    /// started and when it said it was up (its journal recovered, its sockets bound).
    func restartBroker(within limit: Duration) async throws -> (started: ContinuousClock.Instant, listening: ContinuousClock.Instant) {
        let old = broker
        old.signal(SIGKILL)
        guard await old.exit(within: .seconds(10)) else { throw BenchFailure("the broker did not die of SIGKILL within 10 s") }
        let started = ContinuousClock.now
        let fresh = try launcher.broker(endpoints)
        brokerSlot.withLock { $0 = fresh }
        _ = try await fresh.ready(within: limit)
        return (started, ContinuousClock.now)
    }

    /// Stops the children, allowing each ten seconds to stop on its own.
    func shutdown() async {
        await shutdown(grace: .seconds(10))
    }

    /// Stops the probe, the gateway, the workers and the broker (SIGTERM, then SIGKILL after `grace`).
    func shutdown(grace: Duration) async {
        probe.close()
        if let gateway { await gateway.stop(grace: grace) }
        for worker in workers { await worker.stop(grace: grace) }
        await broker.stop(grace: grace)
    }

    /// Polls `stats` until at least `count` workers are registered.
    static func waitForWorkers(_ client: BrokerClient, _ count: Int, within limit: Duration) async throws {
        let deadline = ContinuousClock.now + limit
        var seen = 0
        while ContinuousClock.now < deadline {
            if case .stats(let stats) = await client.request(.stats, timeout: deadline - ContinuousClock.now) {
                seen = stats.workers
                if seen >= count { return }
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw BenchFailure("\(seen) of \(count) workers registered within \(limit)", timedOut: true)
    }
}
