import Presentation

/// The OpenAPI 3.0 description of every route the gateway serves, at `GET /v1/openapi.json`.
///
/// A test checks that every registered route is documented here and every documented one registered.
public enum OpenAPIDocument {
    /// The document as JSON.
    public static let json: JSONValue = .object([
        "openapi": .string("3.0.3"),
        "info": .object([
            "title": .string("Interlude gateway"),
            "version": .string("1"),
            "description": .string(
                "Background jobs that stop to ask a person a question. Errors are {\"error\": {\"code\", \"message\"}}."),
        ]),
        "paths": paths,
        "components": .object([
            "schemas": .object(schemas),
            "securitySchemes": .object([
                "bearer": .object(["type": .string("http"), "scheme": .string("bearer")]),
                "webhookSignature": .object([
                    "type": .string("apiKey"), "in": .string("header"), "name": .string("webhook-signature"),
                    "description": .string("Standard Webhooks v1: HMAC-SHA256 of id.timestamp.body; webhook-id and webhook-timestamp too."),
                ]),
            ]),
        ]),
    ])

    /// Every documented (method, path) pair, for the test that keeps the document true.
    public static var routes: [(method: HTTPMethod, path: String)] {
        operations.map { ($0.method, $0.path) }
    }

    private static var paths: JSONValue {
        var paths: [String: [String: JSONValue]] = [:]
        for operation in operations {
            paths[operation.path, default: [:]][operation.method.rawValue.lowercased()] = operation.json
        }
        return .object(paths.mapValues { .object($0) })
    }

    /// A reference to a schema in `components`.
    static func ref(_ name: String) -> JSONValue {
        .object(["$ref": .string("#/components/schemas/\(name)")])
    }
}
