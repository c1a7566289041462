import Client
import Foundation
import JSON
import Operations
import Wire

/// `noop` jobs submitted in batches (`submitMany`), a few batches in flight, each batch done once every one of
/// its jobs' `job.succeeded` events has arrived; the broker's commits counted from its `stats` before and after.
enum BulkRun {
    /// One run's figures.
    struct Result: Encodable, Sendable {
        let processes: String
        let jobs: Int
        /// Jobs per `submitMany`.
        let batch: Int
        /// Batches in flight at once.
        let inFlight: Int
        let seconds: Double
        let jobsPerSecond: Double
        /// Journal transactions the broker committed during the run (submits, dispatches and results together).
        let commits: Int
        let commitsPerJob: Double
    }

    static func run(_ probe: BenchProbe, processes: String, jobs: Int, batch: Int, inFlight: Int, limit: Duration) async throws -> Result {
        let before = try await probe.client.stats().commits
        let batches = (jobs + batch - 1) / batch
        let issued = Tally()
        let start = ContinuousClock.now
        let deadline = start + limit
        let done = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<min(inFlight, batches) {
                group.addTask {
                    var finished = 0
                    do {
                        while case let index = issued.next(), index < batches {
                            guard ContinuousClock.now < deadline else { throw BenchFailure("bulk: \(finished) jobs done when the \(limit) limit passed") }
                            let count = min(batch, jobs - index * batch)
                            let reply = try await probe.client.submit(
                                many: .init(operation: Noop.name, items: Array(repeating: .init(input: .emptyObject), count: count)))
                            for item in reply.items {
                                let job = try item.get()
                                _ = try await probe.succeeded.wait(for: job, timeout: deadline - ContinuousClock.now, what: "job.succeeded of \(job)")
                                finished += 1
                            }
                        }
                    } catch {
                        probe.succeeded.failAll(error)
                        throw error
                    }
                    return finished
                }
            }
            return try await group.reduce(0, +)
        }
        let seconds = Latency.seconds(ContinuousClock.now - start)
        let commits = try await probe.client.stats().commits - before
        return Result(
            processes: processes, jobs: done, batch: batch, inFlight: inFlight, seconds: seconds, jobsPerSecond: seconds > 0 ? Double(done) / seconds : 0,
            commits: commits, commitsPerJob: done > 0 ? Double(commits) / Double(done) : 0)
    }
}
