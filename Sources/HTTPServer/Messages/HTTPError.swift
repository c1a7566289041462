/// An error that is answered as an HTTP response: what handlers and middleware throw to refuse a request.
public protocol HTTPResponseError: Error {
    /// The response that says so, with the one error body `{"error": {"code", "message", …}}`.
    var response: HTTPResponse { get }
}

/// A refusal with a status, a stable code and a message a person can act on, answered with the one
/// error body: `{"error": {"code": "...", "message": "..."}}`.
public struct HTTPError: HTTPResponseError, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status, such as 400.
    public let status: Int
    /// A stable code, such as `badRequest`.
    public let code: String
    /// What a person reads.
    public let message: String
    /// Extra response headers, such as `Allow` or `WWW-Authenticate`.
    public var headers: HTTPHeaders = [:]

    /// An error with the given status, code and message.
    public init(_ status: Int, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// The JSON error response.
    public var response: HTTPResponse {
        var response = HTTPResponse.error(status, code: code, message: message)
        for field in headers { response.headers[field.name] = field.value }
        return response
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}

extension HTTPResponse {
    /// The error body every response of this server uses: `{"error": {"code": "...", "message": "..."}}`.
    public static func error(_ status: Int, code: String, message: String) -> HTTPResponse {
        json(status, ErrorBody<NoDetails>(error: .init(code: code, message: message, details: nil)))
    }

    /// The same body with the fields of `details` (such as a conflict's `resolution`) beside `code` and `message`.
    public static func error(_ status: Int, code: String, message: String, details: some Encodable) -> HTTPResponse {
        json(status, ErrorBody(error: .init(code: code, message: message, details: details)))
    }
}

private struct NoDetails: Encodable {}

/// `{"error": {"code", "message", …details}}`.
private struct ErrorBody<Details: Encodable>: Encodable {
    struct Detail: Encodable {
        let code: String
        let message: String
        let details: Details?

        private enum CodingKeys: String, CodingKey { case code, message }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(code, forKey: .code)
            try container.encode(message, forKey: .message)
            try details?.encode(to: encoder)
        }
    }

    let error: Detail
}
