import Client
import Foundation
import HTTPServer
import Wire

extension API {
    /// `GET /v1/events`: the broker's events as Server-Sent Events, resumable with `Last-Event-ID`; ended
    /// when a reload of the tokens removes the one it was opened with.
    var eventsRoute: GatewayRoute {
        GatewayRoute(
            .get, "/v1/events", access: .scope(.read),
            RouteDescription(
                "Server-Sent Events of the broker's events", id: "followEvents",
                parameters: [
                    Parameter.header("Last-Event-ID", "Resume after this event sequence."),
                    Parameter.query("lastEventId", "The same, for clients that cannot set headers.", type: "integer"),
                ],
                responses: [
                    .init(status: 200, description: "id: sequence, event: type, data: Event JSON; a comment every 15 s.", content: .media("text/event-stream")),
                    .error(400, "A bad Last-Event-ID."),
                ])
        ) { request, _ throws(APIError) in
            let resumeAfter = try Self.lastEventID(request)
            var start = resumeAfter ?? 0
            if resumeAfter == nil { start = try await stats().sequence }
            var stream = EventStream(source: connection, start: start, heartbeat: configuration.eventHeartbeat, silence: configuration.eventSilence)
            // A client told of a new announcement asks for the texts next (the page's /catalog.json): serve them fresh.
            stream.announced = { [operations] in operations.forget() }
            return SSE.response(stream.run(watchedBy: tokens, authorization: request.headers["Authorization"]))
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
