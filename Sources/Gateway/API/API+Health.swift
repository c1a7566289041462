import Foundation

extension API {
    /// `GET /healthz` (200 when the broker answers within the health timeout, else 503) and `GET /metrics`.
    var healthRoutes: [GatewayRoute] {
        [
            GatewayRoute(.get, "/healthz", access: .open) { _, _ in
                guard (try? await stats(timeout: configuration.healthTimeout)) != nil else {
                    return .json(503, ["status": "unavailable", "broker": "unreachable"])
                }
                return .json(["status": "ok", "broker": "reachable"])
            },
            GatewayRoute(.get, "/metrics", access: .open) { _, _ in
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                    body: Data(await metricsText().utf8))
            },
        ]
    }
}
