import HTTPServer
import JSON
import Presentation
import Wire

/// The OpenAPI 3.0 description of every route the gateway serves, at `GET /v1/openapi.json`: made
/// from the routes' own declarations, so what is served and what is documented cannot differ.
public enum OpenAPIDocument {
    /// The document for `routes`, with the input of each of `operations` (as announced now) under
    /// `components.schemas` as `<name>Input`, and `SubmitRequest` as one of them.
    public static func json(for routes: [GatewayRoute], operations: [OperationInfo] = []) -> JSONValue {
        var paths: [String: [String: JSONValue]] = [:]
        for route in routes {
            paths[route.pattern, default: [:]][route.method.rawValue.lowercased()] = OpenAPIOperation(route).json
        }
        return .object([
            "openapi": .string("3.0.3"),
            "info": .object([
                "title": .string("Interlude gateway"),
                "version": .string("1"),
                "description": .string(
                    "Background jobs that stop to ask a person a question. Errors are {\"error\": {\"code\", \"message\"}}."),
            ]),
            "paths": .object(paths.mapValues { .object($0) }),
            "components": .object([
                "schemas": .object(schemas.merging(shapeSchemas) { _, shape in shape }.merging(operationSchemas(operations)) { _, announced in announced }),
                "securitySchemes": .object([
                    "bearer": .object(["type": .string("http"), "scheme": .string("bearer")]),
                    "webhookSignature": .object([
                        "type": .string("apiKey"), "in": .string("header"), "name": .string("webhook-signature"),
                        "description": .string("Standard Webhooks v1: HMAC-SHA256 of id.timestamp.body; webhook-id and webhook-timestamp too."),
                    ]),
                ]),
            ]),
        ])
    }

    /// A reference to a schema in `components`.
    static func ref(_ name: String) -> JSONValue {
        .object(["$ref": .string("#/components/schemas/\(name)")])
    }
}
