/// `GET /v1/webhooks/deliveries?state=&limit=`: the outbox's newest deliveries as `{"deliveries": [...]}`.
public struct WebhookDeliveriesRoute: HTTPHandler {
    private struct Page: Encodable {
        let deliveries: [WebhookDelivery]
    }

    /// The most deliveries one request returns.
    public static let maxLimit = 500
    /// How many are returned without `limit`.
    public static let defaultLimit = 50

    private let dispatcher: WebhookDispatcher

    /// A handler that lists `dispatcher`'s deliveries.
    public init(dispatcher: WebhookDispatcher) {
        self.dispatcher = dispatcher
    }

    /// 200 with the page; 400 for an unknown `state` or a `limit` outside 1...500; 500 if the outbox fails.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        var state: WebhookDelivery.State?
        if let text = request.query("state") {
            guard let parsed = WebhookDelivery.State(rawValue: text) else {
                let known = WebhookDelivery.State.allCases.map(\.rawValue).joined(separator: ", ")
                return .error(400, code: "invalidQuery", message: "state must be one of \(known).")
            }
            state = parsed
        }
        var limit = Self.defaultLimit
        if let text = request.query("limit") {
            guard let parsed = Int(text), (1...Self.maxLimit).contains(parsed) else {
                return .error(400, code: "invalidQuery", message: "limit must be an integer from 1 to \(Self.maxLimit).")
            }
            limit = parsed
        }
        do {
            return .json(Page(deliveries: try dispatcher.deliveries(state: state, limit: limit)))
        } catch {
            return .error(500, code: "outboxUnavailable", message: "The webhook outbox could not be read.")
        }
    }
}
