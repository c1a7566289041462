import Foundation
import Client
import Wire

extension API {
    /// `GET /v1/events`: the broker's events as Server-Sent Events, resumable with `Last-Event-ID`.
    var eventsRoute: GatewayRoute {
        GatewayRoute(.get, "/v1/events", access: .scope(.read)) { request, _ throws(APIError) in
            let resumeAfter = try Self.lastEventID(request)
            // Subscribe before reading the journal, so nothing published in between is missed.
            let live: AsyncStream<Event>
            do {
                live = try connection.events()
            } catch {
                throw APIError(503, "unavailable", "Cannot subscribe to the broker's events at \(connection.options.events).")
            }
            var start = resumeAfter ?? 0
            if resumeAfter == nil { start = try await stats().sequence }
            let stream = EventStream(live: live, start: start, heartbeat: configuration.eventHeartbeat) {
                after throws(APIError) in
                try await ask(.events(.init(after: after, limit: EventStream.pageSize))) { reply in
                    if case .events(let page) = reply { return page }
                    return nil
                }
            }
            return SSE.response(stream.run())
        }
    }

    /// The broker's counters (also its newest event sequence).
    func stats(timeout: Duration? = nil) async throws(APIError) -> BrokerReply.Stats {
        try await ask(.stats, timeout: timeout) { reply in
            if case .stats(let stats) = reply { return stats }
            return nil
        }
    }

    /// `Last-Event-ID`, or `?lastEventId=` for clients that cannot set headers; nil starts from now.
    static func lastEventID(_ request: HTTPRequest) throws(APIError) -> Int64? {
        guard let text = request.headers["Last-Event-ID"] ?? request.query("lastEventId") else { return nil }
        guard let sequence = Int64(text.trimmingCharacters(in: .whitespaces)), sequence >= 0 else {
            throw .badRequest("Last-Event-ID must be an event sequence (a whole number), got \"\(text)\".")
        }
        return sequence
    }
}
