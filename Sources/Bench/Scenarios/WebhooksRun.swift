import Foundation
import ZeroMQ

/// Outgoing webhooks beside the jobs that cause them: a gateway (its own process, next to the broker and
/// workers) delivers every `job.succeeded` to a local receiver while `noop` jobs run at K in flight.
enum WebhooksRun {
    struct Result: Encodable, Sendable {
        let jobs: Int
        let inFlight: Int
        /// The gateway's `webhookInFlight`: deliveries in flight at once to the receiver.
        let webhookInFlight: Int
        /// First submit to last `job.succeeded` event.
        let jobsSeconds: Double
        let jobsPerSecond: Double
        /// Distinct `job.succeeded` deliveries received within the time limit.
        let deliveries: Int
        /// First submit to the last delivery (nil when not all arrived).
        let deliveriesSeconds: Double?
        let deliveriesPerSecond: Double
        let complete: Bool
    }

    static func run(
        _ launcher: ChildLauncher, context: Context, jobs: Int, inFlight: Int, workers: Int, capacity: Int, webhookInFlight: Int, limit: Duration
    ) async throws -> Result {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        let secret = "whsec_" + Data((0..<24).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let system = try await ChildSystem.start(
            launcher, context: context, workers: workers, capacity: capacity, webhook: (receiver.url, secret, webhookInFlight), within: limit)
        return try await withShutdown(system) { system in
            // The warm-up jobs' deliveries come first, so every later one belongs to a measured job.
            guard await receiver.reach(system.warmUps, within: limit) != nil else {
                let log = system.gateway.map { ChildProcess.tail(of: $0.log) } ?? ""
                throw BenchFailure("the warm-up job's webhook did not arrive within \(limit): \(log)")
            }
            let base = receiver.count
            let start = ContinuousClock.now
            let run = try await ThroughputRun.run(system.probe, processes: "separate", synchronous: "full", jobs: jobs, inFlight: inFlight, limit: limit)
            let last = await receiver.reach(base + jobs, within: start + limit - ContinuousClock.now)
            let delivered = receiver.count - base
            let elapsed = Latency.seconds((last ?? ContinuousClock.now) - start)
            return Result(
                jobs: run.jobs, inFlight: inFlight, webhookInFlight: webhookInFlight, jobsSeconds: run.seconds, jobsPerSecond: run.jobsPerSecond,
                deliveries: delivered,
                deliveriesSeconds: last == nil ? nil : elapsed, deliveriesPerSecond: elapsed > 0 ? Double(delivered) / elapsed : 0,
                complete: last != nil)
        }
    }
}
