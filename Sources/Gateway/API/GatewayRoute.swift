/// One route of the gateway: method, path pattern, who may call it, and what answers it.
///
/// Handlers throw `APIError` for refusals; the gateway renders it as the JSON error body.
public struct GatewayRoute: Sendable {
    /// Answers a request from an authorized caller.
    public typealias Handler = @Sendable (HTTPRequest, Caller) async throws(APIError) -> HTTPResponse

    /// The method, such as GET.
    public let method: HTTPMethod
    /// The path pattern, such as `/v1/jobs/{id}`; also the route label in metrics and the OpenAPI path.
    public let pattern: String
    /// Who may call it.
    public let access: Access
    let handler: Handler

    /// A route answered by a closure.
    public init(_ method: HTTPMethod, _ pattern: String, access: Access, handler: @escaping Handler) {
        self.method = method
        self.pattern = pattern
        self.access = access
        self.handler = handler
    }

    /// A route answered by an `HTTPHandler` (the web page, for instance), which ignores the caller.
    public init(_ method: HTTPMethod, _ pattern: String, access: Access, _ handler: some HTTPHandler) {
        self.init(method, pattern, access: access) { request, _ in await handler.handle(request) }
    }
}
