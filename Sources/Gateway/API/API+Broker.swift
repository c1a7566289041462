import Client
import Foundation
import HTTPServer
import JSON
import Presentation
import Wire

extension API {
    /// Sends `request` to the broker and extracts the expected reply; the broker's refusals become `APIError`s.
    func ask<Value>(
        _ request: ClientRequest, timeout: Duration? = nil, _ extract: (BrokerReply) -> Value?
    ) async throws(APIError) -> Value {
        let reply = await connection.client.request(request, timeout: timeout)
        if case .error(let error) = reply { throw APIError(error) }
        guard let value = extract(reply) else {
            throw APIError(502, "unexpectedReply", "The broker answered \(reply.type) to \(request.type).")
        }
        return value
    }

    /// A request whose reply is a job, its error's server paths taken out (`ServerPaths`).
    func job(_ request: ClientRequest) async throws(APIError) -> Job {
        ServerPaths.redacted(
            try await ask(request) { reply in
                if case .job(let job) = reply { return job }
                return nil
            })
    }

    /// A request whose reply of `type` the API answers with, 200, as the broker wrote it (not decoded and
    /// written again); a refusal becomes its `APIError`, any other reply `unexpectedReply`.
    func passedOn(
        _ request: ClientRequest, expecting type: String, or other: ((BrokerReply) -> HTTPResponse?)? = nil
    ) async throws(APIError) -> HTTPResponse {
        try await passedOn(request, statuses: [type: 200], or: other)
    }

    /// A request whose replies of the types in `statuses` the API answers with, each with its status, as the broker
    /// wrote them; a refusal becomes its `APIError`, another reply `other`'s response or `unexpectedReply`.
    func passedOn(
        _ request: ClientRequest, statuses: [String: Int], or other: ((BrokerReply) -> HTTPResponse?)? = nil
    ) async throws(APIError) -> HTTPResponse {
        let envelope: Frames.Envelope
        do {
            envelope = try await connection.client.exchange(request)
        } catch {
            throw APIError(error)
        }
        if let status = statuses[envelope.type] {
            return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: envelope.body)
        }
        let reply: BrokerReply
        do {
            reply = try BrokerReply.decode(type: envelope.type, body: envelope.body)
        } catch {
            throw APIError(error)
        }
        if case .error(let error) = reply { throw APIError(error) }
        if let response = other?(reply) { return response }
        throw APIError(502, "unexpectedReply", "The broker answered \(reply.type) to \(request.type).")
    }

    /// A request whose reply is a job, answered with `status` and the broker's bytes: a job's reply body
    /// is the JSON `Job` the API answers with (both written by its `JSONWriter`), so it is passed on
    /// undecoded and only the job's id is read. Any other reply, a body without an id, or a job with an error (whose
    /// server paths are taken out), goes the way of `job(_:)`.
    func jobResponse(_ request: ClientRequest, status: Int) async throws(APIError) -> (id: String, response: HTTPResponse) {
        let envelope: Frames.Envelope
        do {
            envelope = try await connection.client.exchange(request)
        } catch {
            throw APIError(error)
        }
        if envelope.type == "job", let read = try? JSONReader.read(JobID.self, from: envelope.body), let id = read.id, !read.failed {
            return (id, HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: envelope.body))
        }
        let reply: BrokerReply
        do {
            reply = try BrokerReply.decode(type: envelope.type, body: envelope.body)
        } catch {
            throw APIError(error)
        }
        if case .error(let error) = reply { throw APIError(error) }
        guard case .job(let job) = reply else {
            throw APIError(502, "unexpectedReply", "The broker answered \(reply.type) to \(request.type).")
        }
        return (job.id, .written(status, ServerPaths.redacted(job)))
    }
}

/// The `id` of a job's JSON (nil when missing or not a string) and whether it has an `error`; every other field skipped.
struct JobID: JSONReadable {
    let id: String?
    let failed: Bool

    init(reading reader: inout JSONReader) throws(JSONReadError) {
        var id: String?
        var failed = false
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "id": id = try reader.readIfPresent()
            case "error":
                failed = try !reader.readNull()
                if failed { try reader.skipValue() }
            default: try reader.skipValue()
            }
        }
        self.id = id
        self.failed = failed
    }
}
