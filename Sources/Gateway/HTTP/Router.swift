/// Dispatches requests by method and path pattern (`/jobs/{id}`), answering 404 and 405 itself.
public struct Router: HTTPHandler {
    private struct Route: Sendable {
        let method: HTTPMethod
        let pattern: RoutePattern
        let handler: any HTTPHandler
    }

    private var routes: [Route] = []

    /// An empty router; every request gets 404 until routes are added.
    public init() {}

    /// Routes `method` requests whose path matches `pattern` to `handler`.
    public mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: some HTTPHandler) {
        routes.append(Route(method: method, pattern: RoutePattern(pattern), handler: handler))
    }

    /// Routes `method` requests whose path matches `pattern` to a closure.
    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, _ body: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) {
        add(method, pattern, ClosureHandler(body))
    }

    /// Runs the most specific matching route; 404 for an unknown path, 405 with `Allow` for a wrong method.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let matches = routes.compactMap { route in
            route.pattern.match(request.pathSegments).map { (route: route, parameters: $0) }
        }
        .sorted { $0.route.pattern.isMoreSpecific(than: $1.route.pattern) }
        guard let mostSpecific = matches.first else {
            return .error(404, code: "notFound", message: "No resource at \(request.path).")
        }
        // HEAD is served by the GET route unless one was registered for it; the server drops the body.
        let served = { (method: HTTPMethod) in matches.first { $0.route.method == method } }
        guard let match = served(request.method) ?? (request.method == .head ? served(.get) : nil) else {
            var allowed: [HTTPMethod] = []
            for method in matches.map(\.route.method) + (matches.contains { $0.route.method == .get } ? [.head] : [])
            where !allowed.contains(method) {
                allowed.append(method)
            }
            var response = HTTPResponse.error(
                405, code: "methodNotAllowed", message: "\(request.method) is not allowed on \(request.path).")
            response.headers["Allow"] = allowed.map(\.rawValue).joined(separator: ", ")
            response.route = mostSpecific.route.pattern.text
            return response
        }
        var routed = request
        routed.pathParameters = match.parameters
        var response = await match.route.handler.handle(routed)
        response.route = match.route.pattern.text
        return response
    }
}
