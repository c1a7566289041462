public import HTTPServer
import Presentation
import Schema

extension APIError: HTTPResponseError {
    /// The one error body, `{"error": {"code", "message"}}`, plus `resolution` on answer conflicts and
    /// `violations` on an input that breaks its operation's schema, with the status and headers.
    public var response: HTTPResponse {
        var response =
            if carriesResolution {
                HTTPResponse.error(status, code: code, message: message, details: Winner(resolution: resolution))
            } else if let violations {
                HTTPResponse.error(status, code: code, message: message, details: Violations(violations: violations))
            } else {
                HTTPResponse.error(status, code: code, message: message)
            }
        for field in headers { response.headers[field.name] = field.value }
        return response
    }

    /// A path parameter or other request part the HTTP layer refused (400).
    init(_ error: HTTPError) {
        self.init(error.status, error.code, error.message)
        headers = error.headers
    }
}

/// `"resolution"` beside code and message, `null` when a conflict has none to show.
private struct Winner: Encodable {
    let resolution: Resolution?

    private enum CodingKeys: String, CodingKey { case resolution }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(resolution, forKey: .resolution)
    }
}

/// `"violations"` beside code and message: every way a submitted input breaks the schema.
private struct Violations: Encodable {
    let violations: [SchemaViolation]
}

extension HTTPRequest {
    /// The route's path parameter `name`; 400 (`missingParameter`) when the request has none.
    func parameter(_ name: String) throws(APIError) -> String {
        do {
            return try pathParameters.require(name)
        } catch {
            throw APIError(error)
        }
    }
}
