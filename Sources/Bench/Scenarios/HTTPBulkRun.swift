import Foundation
import HTTPClient
import JSON
import Wire

/// The gateway's submit rate: `noop` jobs accepted through single `POST /v1/operations`, K in flight, against
/// the same number through `POST /v1/operations/batch`, a few batches in flight; a job counts once its
/// request's reply (202, or 200 naming its id) has arrived.
enum HTTPBulkRun {
    /// One way of submitting's figures.
    struct Side: Encodable, Sendable {
        let jobs: Int
        /// Jobs per request: 1 for single submits.
        let batch: Int
        let inFlight: Int
        let seconds: Double
        let jobsPerSecond: Double
    }

    /// Both sides, in the same run against the same gateway.
    struct Result: Encodable, Sendable {
        let single: Side
        let bulk: Side
        /// Bulk jobs/s over single jobs/s.
        let bulkOverSingle: Double?
    }

    static func run(gateway: String, jobs: Int, inFlight: Int, batch: Int, limit: Duration) async throws -> Result {
        let client = HTTPClient(timeout: limit, connections: inFlight, name: "bench-http")
        let single = try await side(client, gateway + "/v1/operations", jobs: jobs, batch: 1, inFlight: inFlight, limit: limit) { _ in
            Data(#"{"operation":"noop","input":{}}"#.utf8)
        }
        let bulk = try await side(client, gateway + "/v1/operations/batch", jobs: jobs, batch: batch, inFlight: max(1, min(4, inFlight)), limit: limit) {
            count in Data((#"{"operation":"noop","items":["# + Array(repeating: #"{"input":{}}"#, count: count).joined(separator: ",") + "]}").utf8)
        }
        return Result(single: single, bulk: bulk, bulkOverSingle: BenchReport.Ratios.ratio(bulk.jobsPerSecond, single.jobsPerSecond))
    }

    /// Sends `jobs` jobs, `batch` to a request (whose body `body` writes for a count), `inFlight` requests at once.
    private static func side(
        _ client: HTTPClient, _ address: String, jobs: Int, batch: Int, inFlight: Int, limit: Duration, body: @escaping @Sendable (Int) -> Data
    ) async throws -> Side {
        guard let url = URL(string: address) else { throw BenchFailure("bad gateway URL \(address)") }
        let requests = (jobs + batch - 1) / batch
        let issued = Tally()
        let start = ContinuousClock.now
        let accepted = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<min(inFlight, requests) {
                group.addTask {
                    var accepted = 0
                    while case let index = issued.next(), index < requests {
                        guard ContinuousClock.now < start + limit else {
                            throw BenchFailure("\(address): \(accepted) jobs accepted when the \(limit) limit passed")
                        }
                        let count = min(batch, jobs - index * batch)
                        let response = try await client.send(
                            "POST", url: url, headers: ["Content-Type": "application/json"], body: body(count), reading: batch > 1 ? .keep : .discard)
                        accepted += try Self.accepted(response, count: count, batch: batch > 1, address: address)
                    }
                    return accepted
                }
            }
            return try await group.reduce(0, +)
        }
        let seconds = Latency.seconds(ContinuousClock.now - start)
        return Side(jobs: accepted, batch: batch, inFlight: inFlight, seconds: seconds, jobsPerSecond: seconds > 0 ? Double(accepted) / seconds : 0)
    }

    /// How many jobs a reply accepted: 1 for a 202, each item naming a job for a batch; anything else fails the run.
    private static func accepted(_ response: HTTPClientResponse, count: Int, batch: Bool, address: String) throws -> Int {
        guard batch else {
            guard response.status == 202 else { throw BenchFailure("\(address) answered \(response.status)") }
            return 1
        }
        guard response.status == 200, let reply = try? JSONCoding.decoder.decode(BrokerReply.Submitted.self, from: response.body),
            reply.items.count == count, reply.refusedCount == 0
        else { throw BenchFailure("\(address) answered \(response.status): \(String(decoding: response.body.prefix(300), as: UTF8.self))") }
        return count
    }
}
