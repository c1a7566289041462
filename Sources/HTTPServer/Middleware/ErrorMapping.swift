public import Log

/// Turns what a handler throws into its response: an `HTTPResponseError` answers for itself, anything
/// else is a 500 whose details go to the log, never to the client. Failures (5xx) are logged.
public struct ErrorMapping: HTTPMiddleware {
    private let log: Log

    /// Error mapping that logs server-side failures to `log`.
    public init(log: Log) {
        self.log = log
    }

    /// Runs the rest of the chain and answers what it throws.
    public func respond(to request: HTTPRequest, next: HTTPNext) async throws -> HTTPResponse {
        do {
            return try await next(request)
        } catch {
            let response = Self.response(for: error, to: request)
            if response.status >= 500 {
                let cause = (error as? RoutedError)?.underlying ?? error
                log.warning("\(request.method) \(response.route ?? request.path): \(response.status): \(cause)")
            }
            return response
        }
    }

    /// The response for `error`.
    static func response(for error: any Error, to request: HTTPRequest) -> HTTPResponse {
        let routed = error as? RoutedError
        var response =
            ((routed?.underlying ?? error) as? any HTTPResponseError)?.response
            ?? .error(500, code: "internal", message: "The request failed on the server; the log says why.")
        if response.route == nil { response.route = routed?.route ?? request.route }
        return response
    }
}

/// An error thrown by a route, with the route's pattern so its response is labelled by it.
struct RoutedError: Error {
    let route: String
    let underlying: any Error
}
