import HTTPServer
import Presentation
import Synchronization

extension API {
    /// `GET /v1/openapi.json`, open to all: the document made from every route the gateway serves,
    /// this one included (`document` is filled in once they are all declared), with the input of each
    /// operation announced now.
    static func openAPIRoute(_ document: OpenAPIHolder, operations: OperationsCache) -> GatewayRoute {
        GatewayRoute(
            .get, "/v1/openapi.json", access: .open,
            RouteDescription(
                "This document", id: "openAPIDocument", responses: [.init(status: 200, description: "OpenAPI 3.1.", content: .media("application/json"))])
        ) { _, _ in
            .json(OpenAPIDocument.json(for: document.routes, operations: await operations.current()))
        }
    }
}

/// The routes the OpenAPI document describes, set once every route is declared.
final class OpenAPIHolder: Sendable {
    private let declared = Mutex<[GatewayRoute]>([])

    var routes: [GatewayRoute] { declared.withLock { $0 } }

    func set(_ routes: [GatewayRoute]) { declared.withLock { $0 = routes } }
}
