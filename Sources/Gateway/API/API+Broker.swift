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

    /// A request whose reply is a job.
    func job(_ request: ClientRequest) async throws(APIError) -> Job {
        try await ask(request) { reply in
            if case .job(let job) = reply { return job }
            return nil
        }
    }
}
