public import Foundation
public import JSON
public import Presentation
public import Wire

extension GatewayClient {
    /// Submits `operation` with `input` (its bytes sent as they are) and returns the queued job; the same
    /// `idempotencyKey` returns the job it already created.
    public func submit(
        _ operation: String, input: RawJSON = .emptyObject, idempotencyKey: String? = nil, answerWithin: TimeInterval? = nil,
        audience: Audience? = nil
    ) async throws(GatewayClientError) -> Job {
        var writer = JSONWriter(capacity: input.bytes.count + 128)
        do {
            // Members in sorted key order, as the writer wants them.
            try writer.beginObject()
            try writer.field("answerWithin", answerWithin)
            try writer.field("audience", audience)
            try writer.member("input", input)
            try writer.member("operation", operation)
            writer.endObject()
        } catch {
            throw GatewayClientError(status: 0, code: "invalidRequest", message: "The submit cannot be written: \(error)")
        }
        let headers = idempotencyKey.map { ["Idempotency-Key": $0] } ?? [:]
        return try Self.read(Job.self, try await send("POST", "/v1/operations", json: Data(writer.bytes), headers: headers))
    }

    /// Submits many inputs of one operation in one request (`POST /v1/operations/batch`): each item's job id or
    /// refusal, in order. An atomic batch with a bad item throws that item's refusal and queues nothing.
    public func submit(many batch: ClientRequest.SubmitMany) async throws(GatewayClientError) -> BrokerReply.Submitted {
        let body: Data
        do {
            body = try JSONWriter.encode(batch, capacity: batch.items.reduce(256) { $0 + $1.input.bytes.count + 32 })
        } catch {
            throw GatewayClientError(status: 0, code: "invalidRequest", message: "The batch cannot be written: \(error)")
        }
        return try Self.decoded(BrokerReply.Submitted.self, try await send("POST", "/v1/operations/batch", json: body))
    }

    /// A job as it stands now.
    public func job(_ id: String) async throws(GatewayClientError) -> Job {
        try Self.read(Job.self, try await send("GET", "/v1/jobs/\(Self.segment(id))"))
    }

    /// A page of jobs, newest first, in `state` if given; `cursor` is the previous page's `next`.
    public func jobs(state: Job.State? = nil, limit: Int? = nil, cursor: String? = nil) async throws(GatewayClientError) -> BrokerReply.JobPage {
        let query = [("state", state?.rawValue), ("limit", limit.map(String.init)), ("cursor", cursor)]
        return try Self.read(BrokerReply.JobPage.self, try await send("GET", "/v1/jobs", query: query))
    }

    /// A page of a job's timeline, oldest first; `cursor` is the previous page's `next`.
    public func history(of job: String, limit: Int? = nil, cursor: String? = nil) async throws(GatewayClientError) -> HistoryPage {
        let query = [("limit", limit.map(String.init)), ("cursor", cursor)]
        return try Self.decoded(HistoryPage.self, try await send("GET", "/v1/jobs/\(Self.segment(job))/history", query: query))
    }

    /// Asks to cancel a job; returns it as it stands after the request (still running while it stops).
    public func cancel(_ job: String) async throws(GatewayClientError) -> Job {
        try Self.read(Job.self, try await send("POST", "/v1/jobs/\(Self.segment(job))/cancel"))
    }
}

/// A page of a job's timeline as `GET /v1/jobs/{id}/history` gives it.
public struct HistoryPage: Decodable, Sendable, Hashable {
    /// The job's id.
    public let job: String
    /// The entries, oldest first.
    public let history: [HistoryEntry]
    /// The cursor of the next page; nil on the last.
    public let next: String?
    /// Refusals of the job's questions the timeline leaves out.
    public let refusalsOmitted: Int
}
