public import Foundation
public import JSON

/// Checks one HTTP exchange against an OpenAPI document: the response body against the schema the
/// operation (route and method) documents for its status, and an accepted request's body against the
/// operation's request schema. A status the operation does not document falls to `4XX`/`5XX` and then
/// `default`; a path no operation has is the router's refusal, the `Error` shape. A CORS preflight
/// (`OPTIONS`) that is not refused is answered before any route and has no operation.
public struct APIConformance: Sendable {
    /// The OpenAPI document.
    public let document: JSONValue
    let schemas: StrictSchema

    /// A checker of exchanges against `document`.
    public init(document: JSONValue) {
        self.document = document
        schemas = StrictSchema(document: document)
    }

    /// Every way the exchange breaks the document: `method` and `target` (path and query) as sent,
    /// `requestBody` as sent, and the reply's status, `Content-Type` and body.
    public func findings(method: String, target: String, requestBody: Data?, status: Int, contentType: String?, body: Data) -> [String] {
        let path = String(target.prefix { $0 != "?" && $0 != "#" })
        let verb = method.uppercased() == "HEAD" ? "get" : method.lowercased()
        let label = "\(method.uppercased()) \(path) → \(status)"
        if method.uppercased() == "OPTIONS", status < 400 { return [] }
        guard let match = self.operation(verb, path) else {
            guard status >= 400 else { return ["\(label): no operation in the document serves this route"] }
            return check(body: body, contentType: contentType, against: OpenAPIReference.schema("Error"), method: method, status: status)
                .map { "\(label) (no such route): \($0)" }
        }
        let (pattern, operation) = match
        var found: [String] = []
        if (200..<300).contains(status), let requestBody, !requestBody.isEmpty,
            let schema = operation["requestBody"]?["content"]?["application/json"]?["schema"]
        {
            found +=
                Self.json(requestBody).map { value in schemas.findings(value, against: schema).map { "request \($0)" } }
                ?? ["request: the body the gateway accepted is not JSON"]
        }
        let responses = operation["responses"]
        guard let response = responses?[String(status)] ?? responses?["\(status / 100)XX"] ?? responses?["default"] else {
            return (found + ["status \(status) is not documented"]).map { "\(label) (\(pattern)): \($0)" }
        }
        found += responseFindings(response, method: method, status: status, contentType: contentType, body: body)
        return found.map { "\(label) (\(pattern)): \($0)" }
    }

    private func responseFindings(_ response: JSONValue, method: String, status: Int, contentType: String?, body: Data) -> [String] {
        guard case .object(let content)? = response["content"], !content.isEmpty else {
            return body.isEmpty ? [] : ["the response has a body (\(body.count) bytes) where the document says none"]
        }
        if let schema = content["application/json"]?["schema"] {
            return check(body: body, contentType: contentType, against: schema, method: method, status: status)
        }
        let type = (contentType ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if method.uppercased() == "HEAD" || status == 304 || content[type] != nil || content["*/*"] != nil { return [] }
        return ["the response is \(contentType ?? "without a Content-Type"), not \(content.keys.sorted().joined(separator: " or "))"]
    }

    private func check(body: Data, contentType: String?, against schema: JSONValue, method: String, status: Int) -> [String] {
        if method.uppercased() == "HEAD" || status == 304 { return [] }
        guard contentType?.lowercased().hasPrefix("application/json") == true else {
            return ["the response is \(contentType ?? "without a Content-Type"), not application/json: \(String(decoding: body.prefix(120), as: UTF8.self))"]
        }
        guard let value = Self.json(body) else { return ["the response body is not JSON: \(String(decoding: body.prefix(120), as: UTF8.self))"] }
        return schemas.findings(value, against: schema).map(\.description)
    }

    /// The operation of `method` (lower case) whose path template matches `path`, the most literal one
    /// when several do (`/v1/operations/batch` before `/v1/operations/{name}`).
    func operation(_ method: String, _ path: String) -> (String, JSONValue)? {
        guard case .object(let paths)? = document["paths"] else { return nil }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        var best: (pattern: String, operation: JSONValue, literals: Int)?
        for (pattern, item) in paths {
            guard let operation = item[method] else { continue }
            let parts = pattern.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == segments.count else { continue }
            var literals = 0
            let matches = zip(parts, segments).allSatisfy { part, segment in
                if part.hasPrefix("{") && part.hasSuffix("}") { return !segment.isEmpty }
                literals += 1
                return part == segment
            }
            if matches, literals > (best?.literals ?? -1) { best = (pattern, operation, literals) }
        }
        return best.map { ($0.pattern, $0.operation) }
    }

    static func json(_ data: Data) -> JSONValue? {
        try? JSONReader.read(JSONValue.self, from: data)
    }
}

/// References into `components`.
public enum OpenAPIReference {
    /// `{"$ref": "#/components/schemas/NAME"}`.
    public static func schema(_ name: String) -> JSONValue {
        .object(["$ref": .string("#/components/schemas/\(name)")])
    }
}
