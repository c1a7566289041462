import HTTPServer
import JSON
import Presentation

/// One route as an OpenAPI operation object, with the auth failures its access implies added to its responses.
struct OpenAPIOperation {
    let route: GatewayRoute

    init(_ route: GatewayRoute) {
        self.route = route
    }

    var json: JSONValue {
        let description = route.description
        var object: [String: JSONValue] = [
            "summary": .string(description.summary),
            "operationId": .string(operationID),
            "security": security,
            "responses": .object(Dictionary(responses.map { ($0.key, Self.json($0.response)) }) { first, _ in first }),
        ]
        if !description.parameters.isEmpty { object["parameters"] = .array(description.parameters) }
        if let body = description.body {
            object["requestBody"] = .object([
                "required": .bool(true), "content": .object(["application/json": .object(["schema": OpenAPIDocument.ref(body)])]),
            ])
        }
        return .object(object)
    }

    /// The documented responses, the auth failures the access implies, and `default`: any other status
    /// (a refusal before the route, a limit, the broker's silence) carries the error body.
    private var responses: [(key: String, response: RouteDescription.Response)] {
        let other = RouteDescription.Response.error(0, "Any other status: the request was refused or failed, as the error says.")
        return statuses.map { (key: String($0.status), response: $0) } + [(key: "default", response: other)]
    }

    private var statuses: [RouteDescription.Response] {
        switch route.access {
        case .open: route.description.responses
        case .signature: route.description.responses + [.error(401, "Missing or bad signature, or webhooks not configured.")]
        case .scope(let scope):
            route.description.responses + [
                .error(401, "No bearer token, or not a valid one."), .error(403, "The token lacks the \(scope.rawValue) scope."),
            ]
        }
    }

    private var security: JSONValue {
        switch route.access {
        case .open: .array([])
        case .signature: .array([.object(["webhookSignature": .array([])])])
        case .scope(let scope): .array([.object(["bearer": .array([.string(scope.rawValue)])])])
        }
    }

    private var operationID: String {
        if let id = route.description.id { return id }
        let words = route.pattern.split(separator: "/").map { $0.filter { $0.isLetter || $0.isNumber } }.filter { !$0.isEmpty }
        return route.method.rawValue.lowercased() + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static func json(_ response: RouteDescription.Response) -> JSONValue {
        var object: [String: JSONValue] = ["description": .string(response.description)]
        switch response.content {
        case .json(let schema): object["content"] = .object(["application/json": .object(["schema": OpenAPIDocument.ref(schema)])])
        case .media(let type):
            // A JSON document of its own (the page's texts, this document): an object; any other type is text.
            let schema: JSONValue = type == "application/json" ? OpenAPISchema.anyObject : OpenAPISchema.text
            object["content"] = .object([type: .object(["schema": schema])])
        case .none: break
        }
        return .object(object)
    }
}
