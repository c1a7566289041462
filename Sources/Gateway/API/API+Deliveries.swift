import HTTPServer
import Webhooks

extension API {
    /// `GET /v1/webhooks/deliveries?state=&limit=`: the outbox's newest deliveries, newest event first,
    /// as `{"deliveries": [...]}`; served when the gateway delivers webhooks.
    static func deliveriesRoute(_ dispatcher: WebhookDispatcher) -> GatewayRoute {
        GatewayRoute(
            .get, "/v1/webhooks/deliveries", access: .scope(.read),
            RouteDescription(
                "Outgoing webhook deliveries, dead letters included", id: "listWebhookDeliveries",
                parameters: [
                    Parameter.query("state", "pending, delivered, failed (dead letters) or disabled."),
                    Parameter.query("limit", "1 to 500 (default 50).", type: "integer"),
                ],
                responses: [.ok(200, "The newest deliveries, newest event first.", "DeliveryPage"), .error(400, "A bad parameter.")])
        ) { request, _ throws(APIError) in
            let state = try QueryParameters.state(request, as: WebhookDelivery.State.self)
            let limit = try QueryParameters.limit(request)
            do {
                return .json(DeliveryPage(deliveries: try dispatcher.deliveries(state: state, limit: limit)))
            } catch {
                throw APIError(500, "outboxUnavailable", "The webhook outbox could not be read.")
            }
        }
    }
}

/// `{"deliveries": [...]}`.
private struct DeliveryPage: Encodable {
    let deliveries: [WebhookDelivery]
}
