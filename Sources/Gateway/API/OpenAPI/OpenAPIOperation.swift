import Presentation

/// One method on one path of the OpenAPI document, with just what this API needs to say.
struct OpenAPIOperation {
    /// What a response carries.
    enum Content {
        /// JSON of a schema in `components`.
        case json(String)
        /// Another media type, such as `text/event-stream`.
        case media(String)
        /// No body.
        case none
    }

    /// One documented status.
    struct Response {
        let status: Int
        let description: String
        let content: Content
    }

    let method: HTTPMethod
    let path: String
    let summary: String
    let access: Access
    var parameters: [JSONValue] = []
    var body: String?
    var responses: [Response]

    /// The operation object, with the auth failures its access implies added to its responses.
    var json: JSONValue {
        var object: [String: JSONValue] = [
            "summary": .string(summary),
            "operationId": .string(operationID),
            "security": security,
            "responses": .object(Dictionary(uniqueKeysWithValues: allResponses.map { (String($0.status), Self.json($0)) })),
        ]
        if !parameters.isEmpty { object["parameters"] = .array(parameters) }
        if let body {
            object["requestBody"] = .object([
                "required": .bool(true), "content": .object(["application/json": .object(["schema": OpenAPIDocument.ref(body)])]),
            ])
        }
        return .object(object)
    }

    private var allResponses: [Response] {
        switch access {
        case .open: responses
        case .signature: responses + [.init(status: 401, description: "Missing or bad signature, or webhooks not configured.", content: .json("Error"))]
        case .scope(let scope):
            responses + [
                .init(status: 401, description: "No bearer token, or not a valid one.", content: .json("Error")),
                .init(status: 403, description: "The token lacks the \(scope.rawValue) scope.", content: .json("Error")),
            ]
        }
    }

    private var security: JSONValue {
        switch access {
        case .open: .array([])
        case .signature: .array([.object(["webhookSignature": .array([])])])
        case .scope(let scope): .array([.object(["bearer": .array([.string(scope.rawValue)])])])
        }
    }

    private var operationID: String {
        let words = path.split(separator: "/").map { $0.filter { $0.isLetter || $0.isNumber } }.filter { !$0.isEmpty }
        return method.rawValue.lowercased() + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static func json(_ response: Response) -> JSONValue {
        var object: [String: JSONValue] = ["description": .string(response.description)]
        switch response.content {
        case .json(let schema): object["content"] = .object(["application/json": .object(["schema": OpenAPIDocument.ref(schema)])])
        case .media(let type): object["content"] = .object([type: .object(["schema": .object(["type": .string("string")])])])
        case .none: break
        }
        return .object(object)
    }
}
