import HTTPServer
import Presentation

extension APIError: HTTPResponseError {
    /// The one error body, `{"error": {"code", "message"}}`, plus `resolution` on answer conflicts,
    /// with the status and headers.
    public var response: HTTPResponse {
        var response =
            carriesResolution
            ? HTTPResponse.error(status, code: code, message: message, details: Winner(resolution: resolution))
            : HTTPResponse.error(status, code: code, message: message)
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
