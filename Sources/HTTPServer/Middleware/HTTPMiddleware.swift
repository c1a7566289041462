/// The rest of the chain a middleware hands a request to: further middleware, then the route.
public typealias HTTPNext = @Sendable (HTTPRequest) async throws -> HTTPResponse

/// One step around request handling: it may refuse a request (by throwing an `HTTPResponseError`),
/// change it for those after it (attach an attribute), or change the response on its way back.
///
/// Server-wide middleware (`MiddlewareStack`) sees every request, matched or not; route middleware
/// (given to `Router.add`) sees only its route's, after matching.
public protocol HTTPMiddleware: Sendable {
    /// Handles `request`, calling `next` to go on.
    func respond(to request: HTTPRequest, next: HTTPNext) async throws -> HTTPResponse
}

extension Array where Element == any HTTPMiddleware {
    /// `responder` wrapped in these middleware, the first outermost.
    func wrapping(_ responder: @escaping HTTPNext) -> HTTPNext {
        reversed().reduce(responder) { next, middleware in
            { request in try await middleware.respond(to: request, next: next) }
        }
    }
}
