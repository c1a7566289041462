/// The server's handler: server-wide middleware around a responder (usually a `Router`); anything
/// thrown that got past them is answered by `ErrorMapping`, so a request always gets a response.
public struct MiddlewareStack: HTTPHandler {
    private let chain: HTTPNext

    /// `responder` behind `middleware`, the first outermost.
    public init(_ middleware: [any HTTPMiddleware], responder: some HTTPResponder) {
        chain = middleware.wrapping { request in try await responder.respond(to: request) }
    }

    /// Runs the chain; a thrown error becomes its response.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            return try await chain(request)
        } catch {
            return ErrorMapping.response(for: error, to: request)
        }
    }
}

/// Something that answers a request or throws; `Router` is one.
public protocol HTTPResponder: Sendable {
    /// The response to `request`.
    func respond(to request: HTTPRequest) async throws -> HTTPResponse
}

/// An `HTTPHandler` (a `Router`, a closure) as the end of a middleware chain.
struct HandlerResponder<Handler: HTTPHandler>: HTTPResponder {
    let handler: Handler

    func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        if let responder = handler as? any HTTPResponder { return try await responder.respond(to: request) }
        return await handler.handle(request)
    }
}
