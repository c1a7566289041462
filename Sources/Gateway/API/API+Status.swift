import HTTPServer
import Wire

extension API {
    /// `GET /v1/status`: the broker's counters, what `interlude status` without a job shows.
    var statusRoutes: [GatewayRoute] {
        [
            GatewayRoute(
                .get, "/v1/status", access: .scope(.read),
                RouteDescription(
                    "The system's state: jobs by state, pending questions, connected workers, the newest event, the journal's disk and its quarantined jobs",
                    id: "getStatus", responses: [.ok(200, "The broker's counters, as it wrote them.", "Status")])
            ) { _, _ throws(APIError) in
                try await passedOn(.stats, expecting: "stats")
            }
        ]
    }
}
