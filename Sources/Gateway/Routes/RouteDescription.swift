public import JSON
import Presentation

/// What the OpenAPI document says about a route beside its method, path and access: a summary, its
/// parameters, its body schema and its responses (the auth failures its access implies are added).
public struct RouteDescription: Sendable {
    /// What a response carries.
    public enum Content: Sendable {
        /// JSON of a schema in `components`.
        case json(String)
        /// Another media type, such as `text/event-stream`.
        case media(String)
        /// No body.
        case none
    }

    /// One documented status.
    public struct Response: Sendable {
        /// The status code.
        public let status: Int
        /// What it means.
        public let description: String
        /// What it carries.
        public let content: Content

        /// A documented status.
        public init(status: Int, description: String, content: Content) {
            self.status = status
            self.description = description
            self.content = content
        }
    }

    /// The OpenAPI `operationId`, a verb and a noun such as `submitOperation`; `nil` derives one from
    /// the method and the path.
    public var id: String?
    /// One line saying what the route does.
    public var summary: String
    /// OpenAPI parameter objects (path, query, header).
    public var parameters: [JSONValue]
    /// The schema of a JSON request body, by name in `components`.
    public var body: String?
    /// The documented responses.
    public var responses: [Response]

    /// A description; `id` names the route in the OpenAPI document.
    public init(_ summary: String, id: String? = nil, parameters: [JSONValue] = [], body: String? = nil, responses: [Response]) {
        self.id = id
        self.summary = summary
        self.parameters = parameters
        self.body = body
        self.responses = responses
    }
}

extension RouteDescription.Response {
    /// A JSON response of `schema`.
    public static func ok(_ status: Int, _ description: String, _ schema: String) -> Self {
        .init(status: status, description: description, content: .json(schema))
    }

    /// An error response (`Error` schema).
    public static func error(_ status: Int, _ description: String) -> Self {
        .init(status: status, description: description, content: .json("Error"))
    }
}

/// The parameter objects routes share.
public enum Parameter {
    /// An optional query parameter.
    public static func query(_ name: String, _ description: String, type: String = "string") -> JSONValue {
        .object([
            "name": .string(name), "in": .string("query"), "required": .bool(false),
            "description": .string(description), "schema": .object(["type": .string(type)]),
        ])
    }

    /// An optional header.
    public static func header(_ name: String, _ description: String) -> JSONValue {
        .object([
            "name": .string(name), "in": .string("header"), "required": .bool(false),
            "description": .string(description), "schema": .object(["type": .string("string")]),
        ])
    }

    /// The `{id}` path segment.
    /// A required path parameter.
    public static func path(_ name: String, _ description: String) -> JSONValue {
        .object([
            "name": .string(name), "in": .string("path"), "required": .bool(true),
            "description": .string(description), "schema": .object(["type": .string("string")]),
        ])
    }

    public static let id: JSONValue = .object([
        "name": .string("id"), "in": .string("path"), "required": .bool(true), "schema": .object(["type": .string("string")]),
    ])
    /// `limit`, a page size.
    public static let limit = query("limit", "Page size, 1 to 500 (default 50).", type: "integer")
    /// `cursor`, the previous page's `next`.
    public static let cursor = query("cursor", "The previous page's next.")
}
