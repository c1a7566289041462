/// Adds headers every response should carry (such as `X-Content-Type-Options: nosniff`) unless the
/// handler set them itself.
public struct SecurityHeaders: HTTPMiddleware {
    /// The headers added.
    public let headers: HTTPHeaders

    /// `nosniff` and `no-referrer` by default.
    public init(_ headers: HTTPHeaders = ["X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"]) {
        self.headers = headers
    }

    /// Runs the rest of the chain and adds what is missing.
    public func respond(to request: HTTPRequest, next: HTTPNext) async throws -> HTTPResponse {
        var response = try await next(request)
        for field in headers where response.headers[field.name] == nil {
            response.headers[field.name] = field.value
        }
        return response
    }
}
