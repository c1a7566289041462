import Presentation

extension OpenAPIDocument {
    typealias Response = OpenAPIOperation.Response

    static var operations: [OpenAPIOperation] {
        apiOperations + [
            .init(method: .get, path: "/healthz", summary: "Whether the broker answers within 2 s", access: .open, responses: [
                ok(200, "The broker is reachable.", "Health"), ok(503, "The broker did not answer.", "Health"),
            ]),
            .init(method: .get, path: "/metrics", summary: "Prometheus metrics", access: .open, responses: [
                .init(status: 200, description: "Text exposition format.", content: .media("text/plain")),
            ]),
            .init(method: .get, path: "/v1/openapi.json", summary: "This document", access: .open, responses: [
                .init(status: 200, description: "OpenAPI 3.0.", content: .media("application/json")),
            ]),
            .init(method: .get, path: "/v1/webhooks/deliveries", summary: "Outgoing webhook deliveries, dead letters included",
                  access: .scope(.read),
                  parameters: [query("state", "pending, delivered, failed (dead letters) or disabled."), query("limit", "1 to 500 (default 50).", type: "integer")],
                  responses: [ok(200, "The newest deliveries, newest event first.", "DeliveryPage"), error(400, "A bad parameter.")]),
        ] + WebPage.paths.map { path in
            .init(method: .get, path: path, summary: "The web page \(path == "/" ? "" : "asset ")to answer presentations from",
                  access: .open, responses: [.init(status: 200, description: "The asset.", content: .media(mediaType(path)))])
        }
    }

    static func ok(_ status: Int, _ description: String, _ schema: String) -> Response {
        .init(status: status, description: description, content: .json(schema))
    }

    static func error(_ status: Int, _ description: String) -> Response {
        .init(status: status, description: description, content: .json("Error"))
    }

    static func query(_ name: String, _ description: String, type: String = "string") -> JSONValue {
        .object([
            "name": .string(name), "in": .string("query"), "required": .bool(false),
            "description": .string(description), "schema": .object(["type": .string(type)]),
        ])
    }

    static func header(_ name: String, _ description: String) -> JSONValue {
        .object([
            "name": .string(name), "in": .string("header"), "required": .bool(false),
            "description": .string(description), "schema": .object(["type": .string("string")]),
        ])
    }

    static let id: JSONValue = .object([
        "name": .string("id"), "in": .string("path"), "required": .bool(true), "schema": .object(["type": .string("string")]),
    ])
    static let limit = query("limit", "Page size, 1 to 500 (default 50).", type: "integer")
    static let cursor = query("cursor", "The previous page's next.")

    private static func mediaType(_ path: String) -> String {
        if path.hasSuffix(".js") { return "text/javascript" }
        if path.hasSuffix(".css") { return "text/css" }
        if path.hasSuffix(".json") { return "application/json" }
        return "text/html"
    }
}
