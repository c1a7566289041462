public import HTTPServer

/// One route of the gateway, declared once: method, path pattern, who may call it, what the OpenAPI
/// document says about it, and what answers it. The router, the authentication middleware and the
/// OpenAPI document are all made from these declarations.
///
/// Handlers throw `APIError` for refusals; the error middleware renders it as the JSON error body.
public struct GatewayRoute: Sendable {
    /// Answers a request from an authorized caller.
    public typealias Handler = @Sendable (HTTPRequest, Caller) async throws(APIError) -> HTTPResponse

    /// The method, such as GET.
    public let method: HTTPMethod
    /// The path pattern, such as `/v1/jobs/{id}`; also the route label in metrics and the OpenAPI path.
    public let pattern: String
    /// Who may call it.
    public let access: Access
    /// Its OpenAPI description.
    public let description: RouteDescription
    let handler: Handler

    /// A route answered by a closure.
    public init(_ method: HTTPMethod, _ pattern: String, access: Access, _ description: RouteDescription, handler: @escaping Handler) {
        self.method = method
        self.pattern = pattern
        self.access = access
        self.description = description
        self.handler = handler
    }

    /// A route answered by an `HTTPHandler` (the web page, for instance), which ignores the caller.
    public init(_ method: HTTPMethod, _ pattern: String, access: Access, _ description: RouteDescription, _ handler: some HTTPHandler) {
        self.init(method, pattern, access: access, description) { request, _ in await handler.handle(request) }
    }
}

extension Router {
    /// Adds `route` behind the authentication its access asks for.
    mutating func add(_ route: GatewayRoute, tokens: Tokens) {
        add(route.method, route.pattern, middleware: [Authentication(access: route.access, tokens: tokens)]) { request in
            guard let caller = request.attributes[CallerKey.self] else { throw APIError(500, "internal", "The caller was not identified.") }
            return try await route.handler(request, caller)
        }
    }
}
