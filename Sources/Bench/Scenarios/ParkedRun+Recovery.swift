import Client
import Foundation
import Wire
import ZeroMQ

extension ParkedRun {
    /// The restart's outcome: the total (nil if it did not complete), its milestones, and what went wrong.
    struct Recovered {
        let seconds: Double?
        let milestones: Recovery
        let failure: String?
    }

    /// SIGKILLs the broker, starts it again, and asks `stats` until `pending` questions and `workers` workers are back.
    static func recover(_ system: ChildSystem, context: Context, pending: Int, workers: Int, limit: Duration) async -> Recovered {
        let started: ContinuousClock.Instant
        let listening: ContinuousClock.Instant
        let connection: BrokerConnection
        do {
            (started, listening) = try await system.restartBroker(within: limit)
            connection = try BrokerConnection(.init(clients: system.endpoints.clients))
        } catch {
            return Recovered(
                seconds: nil, milestones: Recovery(listeningSeconds: nil, firstReplySeconds: nil, workersSeconds: nil, pending: nil, workers: nil),
                failure: "\(error)")
        }
        defer { connection.close() }
        let client = connection.client
        let since = { (instant: ContinuousClock.Instant) in Latency.seconds(instant - started) }
        let deadline = started + limit
        var firstReply: Double?
        var workersBack: Double?
        var last: BrokerReply.Stats?
        var done: Double?
        while done == nil, ContinuousClock.now < deadline {
            if case .stats(let stats) = await client.request(.stats, timeout: deadline - ContinuousClock.now) {
                let now = ContinuousClock.now
                firstReply = firstReply ?? since(now)
                last = stats
                if stats.workers >= workers { workersBack = workersBack ?? since(now) }
                if stats.workers >= workers, stats.pending >= pending { done = since(now) }
            }
            if done == nil { try? await Task.sleep(for: .milliseconds(100)) }
        }
        let milestones = Recovery(
            listeningSeconds: since(listening), firstReplySeconds: firstReply, workersSeconds: workersBack, pending: last?.pending,
            workers: last?.workers)
        let failure =
            done != nil
            ? nil
            : "not recovered within \(limit): "
                + (last.map { "the last stats said \($0.pending) of \(pending) pending, \($0.workers) of \(workers) workers" } ?? "no stats reply")
        return Recovered(seconds: done, milestones: milestones, failure: failure)
    }
}
