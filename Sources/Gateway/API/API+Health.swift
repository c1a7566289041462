import Foundation
import HTTPServer

extension API {
    /// `GET /healthz` (200 when the broker answers within the health timeout, else 503) and `GET /metrics`.
    var healthRoutes: [GatewayRoute] {
        [
            GatewayRoute(
                .get, "/healthz", access: .open,
                RouteDescription(
                    "Whether the broker answers within 2 s", id: "health",
                    responses: [.ok(200, "The broker is reachable.", "Health"), .ok(503, "The broker did not answer.", "Health")])
            ) { _, _ in
                guard (try? await stats(timeout: configuration.healthTimeout)) != nil else {
                    return .json(503, ["status": "unavailable", "broker": "unreachable"])
                }
                return .json(["status": "ok", "broker": "reachable"])
            },
            GatewayRoute(
                .get, "/metrics", access: .open,
                RouteDescription(
                    "Prometheus metrics", id: "metrics", responses: [.init(status: 200, description: "Text exposition format.", content: .media("text/plain"))])
            ) { _, _ in
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                    body: Data(await metricsText().utf8))
            },
        ]
    }
}
