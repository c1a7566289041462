/// Something that answers HTTP requests; it is called concurrently, once per request.
public protocol HTTPHandler: Sendable {
    /// Answers one request; errors are answered too, as responses, so this cannot throw.
    func handle(_ request: HTTPRequest) async -> HTTPResponse
}

/// A handler made from a closure.
public struct ClosureHandler: HTTPHandler {
    private let body: @Sendable (HTTPRequest) async -> HTTPResponse

    /// A handler that runs `body` for every request.
    public init(_ body: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) {
        self.body = body
    }

    /// Runs the closure.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        await body(request)
    }
}
