/// Dispatches requests by method and path pattern (`/jobs/{id}`), answering 404 and 405 itself.
///
/// Each route has its own middleware (authentication that depends on the route, for one), run after
/// matching; the request it sees has `pathParameters` and `route` filled in.
public struct Router: HTTPResponder, HTTPHandler {
    private struct Route: Sendable {
        let method: HTTPMethod
        let pattern: RoutePattern
        let respond: HTTPNext
    }

    private var routes: [Route] = []

    /// An empty router; every request gets 404 until routes are added.
    public init() {}

    /// Routes `method` requests whose path matches `pattern` through `middleware` to `handler`, which
    /// may throw an `HTTPResponseError` (or anything else, which is a 500).
    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, middleware: [any HTTPMiddleware] = [],
        _ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) {
        routes.append(Route(method: method, pattern: RoutePattern(pattern), respond: middleware.wrapping(handler)))
    }

    /// Routes `method` requests whose path matches `pattern` to an `HTTPHandler`.
    public mutating func add(_ method: HTTPMethod, _ pattern: String, middleware: [any HTTPMiddleware] = [], _ handler: some HTTPHandler) {
        add(method, pattern, middleware: middleware) { request in await handler.handle(request) }
    }

    /// Runs the most specific matching route; 404 for an unknown path, 405 with `Allow` for a wrong method.
    public func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        let matches = routes.compactMap { route in
            route.pattern.match(request.pathSegments).map { (route: route, parameters: $0) }
        }
        .sorted { $0.route.pattern.isMoreSpecific(than: $1.route.pattern) }
        guard let mostSpecific = matches.first else {
            throw HTTPError(404, "notFound", "No resource at \(request.path).")
        }
        // HEAD is served by the GET route unless one was registered for it; the server drops the body.
        let served = { (method: HTTPMethod) in matches.first { $0.route.method == method } }
        guard let match = served(request.method) ?? (request.method == .head ? served(.get) : nil) else {
            var allowed: [HTTPMethod] = []
            for method in matches.map(\.route.method) + (matches.contains { $0.route.method == .get } ? [.head] : [])
            where !allowed.contains(method) {
                allowed.append(method)
            }
            var error = HTTPError(405, "methodNotAllowed", "\(request.method) is not allowed on \(request.path).")
            error.headers["Allow"] = allowed.map(\.rawValue).joined(separator: ", ")
            var response = error.response
            response.route = mostSpecific.route.pattern.text
            return response
        }
        var routed = request
        routed.pathParameters = PathParameters(match.parameters)
        routed.route = match.route.pattern.text
        do {
            var response = try await match.route.respond(routed)
            response.route = match.route.pattern.text
            return response
        } catch {
            throw RoutedError(route: match.route.pattern.text, underlying: error)
        }
    }

    /// The same, with anything thrown answered as `ErrorMapping` answers it.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        await MiddlewareStack([], responder: self).handle(request)
    }
}
