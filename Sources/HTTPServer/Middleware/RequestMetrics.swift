/// Counts each request and its latency (from its headers' arrival to its response) in `HTTPMetrics`,
/// labelled by method, route pattern and status. Put it outermost, so refusals are counted too.
public struct RequestMetrics: HTTPMiddleware {
    private let metrics: HTTPMetrics

    /// Middleware recording into `metrics`.
    public init(_ metrics: HTTPMetrics) {
        self.metrics = metrics
    }

    /// Runs the rest of the chain and records how it answered.
    public func respond(to request: HTTPRequest, next: HTTPNext) async throws -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try await next(request)
        } catch {
            response = ErrorMapping.response(for: error, to: request)
        }
        metrics.record(method: request.method, route: response.route, status: response.status, duration: request.receivedAt.duration(to: .now))
        return response
    }
}
