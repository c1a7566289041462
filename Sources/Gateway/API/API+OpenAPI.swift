import HTTPServer
import Presentation
import Synchronization

extension API {
    /// `GET /v1/openapi.json`, open to all: the document made from every route the gateway serves,
    /// this one included (`document` is filled in once they are all declared).
    static func openAPIRoute(_ document: OpenAPIHolder) -> GatewayRoute {
        GatewayRoute(
            .get, "/v1/openapi.json", access: .open,
            RouteDescription("This document", responses: [.init(status: 200, description: "OpenAPI 3.0.", content: .media("application/json"))])
        ) { _, _ in
            .json(document.json)
        }
    }
}

/// The OpenAPI document, set once every route is declared.
final class OpenAPIHolder: Sendable {
    private let document = Mutex<JSONValue>(.null)

    var json: JSONValue { document.withLock { $0 } }

    func set(_ json: JSONValue) { document.withLock { $0 = json } }
}
