import Client
import Foundation
import JSON
import Operations
import Presentation
import Wire

/// `noop` jobs through broker and workers, at most K in flight from one client, completions taken from events.
enum ThroughputRun {
    /// One run's figures.
    struct Result: Encodable, Sendable {
        /// `separate` (broker, workers and client each a process of its own) or `one` (all in the bench's process).
        let processes: String
        let synchronous: String
        let jobs: Int
        let seconds: Double
        let jobsPerSecond: Double
        /// Submit (request sent) to `job.succeeded` (event received), microseconds.
        let latency: Latency
        /// CPU per job of the broker, each worker and the client, microseconds (`RowCost`).
        var cpu: CPUPerJob?
        /// Journal transactions the broker committed per job.
        var commitsPerJob: Double?
    }

    /// Each lane submits a job, waits for its `job.succeeded` event, and takes the next; K lanes keep K jobs in flight.
    /// `input` is what every job is given (`{}` unless `--input-bytes` asks for more).
    static func run(
        _ probe: BenchProbe, processes: String, synchronous: String, jobs: Int, inFlight: Int, limit: Duration, input: JSONValue = .object([:])
    ) async throws -> Result {
        let issued = Tally()
        let completed = Tally()
        let start = ContinuousClock.now
        let deadline = start + limit
        let lanes = try await withThrowingTaskGroup(of: [(Duration, ContinuousClock.Instant)].self) { group in
            for _ in 0..<min(inFlight, jobs) {
                group.addTask {
                    var samples: [(Duration, ContinuousClock.Instant)] = []
                    do {
                        while issued.next() < jobs {
                            guard ContinuousClock.now < deadline else {
                                throw BenchFailure("synchronous=\(synchronous): \(completed.value) of \(jobs) jobs done when the \(limit) limit passed")
                            }
                            let submitted = ContinuousClock.now
                            // Written per job, as a client holding a value does.
                            let job = try await probe.client.submit(Noop.name, input: try RawJSON(input))
                            let done = try await probe.succeeded.wait(for: job.id, timeout: .seconds(10), what: "job.succeeded of \(job.id)")
                            samples.append((done - submitted, done))
                            _ = completed.next()
                        }
                    } catch {
                        probe.succeeded.failAll(error)
                        throw error
                    }
                    return samples
                }
            }
            var all: [(Duration, ContinuousClock.Instant)] = []
            for try await lane in group { all += lane }
            return all
        }
        let end = lanes.map(\.1).max() ?? start
        let seconds = Latency.seconds(end - start)
        return Result(
            processes: processes, synchronous: synchronous, jobs: lanes.count, seconds: seconds,
            jobsPerSecond: seconds > 0 ? Double(lanes.count) / seconds : 0, latency: Latency(lanes.map(\.0)))
    }
}
