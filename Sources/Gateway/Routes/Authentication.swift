import HTTPServer

/// The caller a request was authorized as, attached by `Authentication`.
enum CallerKey: HTTPAttributeKey {
    typealias Value = Caller
}

/// A route's access check: the bearer token (or nothing, on open routes and an open API) must grant
/// the route's scope; the caller it names is attached to the request for the handler. Signed webhook
/// routes pass here and check their signature in the handler.
struct Authentication: HTTPMiddleware {
    let access: Access
    let tokens: Tokens

    func respond(to request: HTTPRequest, next: HTTPNext) async throws -> HTTPResponse {
        var authorized = request
        authorized.attributes[CallerKey.self] = try tokens.current.authorize(access, authorization: request.headers["Authorization"])
        return try await next(authorized)
    }
}
