import Foundation
import Gateway
import HTTPServer
import Synchronization

/// A local HTTP endpoint that takes outgoing webhooks: it answers 204 at once and counts each distinct
/// `job.succeeded` delivery (by `webhook-id`, so a retried delivery counts once).
final class WebhookReceiver: Sendable {
    private let deliveries = Deliveries()
    private let server: HTTPServer
    /// Where the gateway delivers.
    let url: String

    init() throws {
        let deliveries = self.deliveries
        server = try HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, connectionLimit: 1024)) { request in
            let type = (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["type"] as? String
            if type == "job.succeeded", let id = request.headers["webhook-id"] { deliveries.record(id) }
            return HTTPResponse(status: 204)
        }
        url = "http://127.0.0.1:\(server.port)/hooks"
    }

    /// Distinct `job.succeeded` deliveries so far.
    var count: Int { deliveries.count }

    /// When the `count`-th distinct delivery arrived, waiting up to `limit`; nil if it did not.
    func reach(_ count: Int, within limit: Duration) async -> ContinuousClock.Instant? {
        await deliveries.reach(count, within: limit)
    }

    func stop() { server.stop() }
}

/// The distinct deliveries seen, and who waits for their count to reach a number.
private final class Deliveries: Sendable {
    private struct State {
        var seen: Set<String> = []
        var targets: [(count: Int, latch: Latch<ContinuousClock.Instant>)] = []
    }

    private let state = Mutex(State())

    var count: Int { state.withLock { $0.seen.count } }

    /// Counts delivery `id` once, opening the latches whose number it reaches.
    func record(_ id: String) {
        let now = ContinuousClock.now
        let reached = state.withLock { state -> [Latch<ContinuousClock.Instant>] in
            guard state.seen.insert(id).inserted else { return [] }
            let count = state.seen.count
            defer { state.targets.removeAll { $0.count <= count } }
            return state.targets.filter { $0.count <= count }.map(\.latch)
        }
        for latch in reached { latch.open(now) }
    }

    func reach(_ count: Int, within limit: Duration) async -> ContinuousClock.Instant? {
        let latch = Latch<ContinuousClock.Instant>()
        let now = ContinuousClock.now
        let already = state.withLock { state in
            if state.seen.count >= count { return true }
            state.targets.append((count, latch))
            return false
        }
        return already ? now : await latch.wait(limit)
    }
}
