import HTTPServer

/// Keeps `/healthz` and `/metrics` reachable when the gateway is full: the server accepts `size`
/// connections beyond `limit`, and a request that arrives with more than `limit` open is refused with
/// 503 `tooManyConnections` unless it is for one of those two paths.
struct ConnectionReserve: HTTPMiddleware {
    /// Connections accepted beyond the limit, for the reserved paths only.
    static let size = 8
    /// The paths answered past the limit.
    static let paths: Set<String> = ["/healthz", "/metrics"]

    /// Connections served for every path (`httpConnectionLimit`).
    let limit: Int

    func respond(to request: HTTPRequest, next: HTTPNext) async throws -> HTTPResponse {
        guard request.openConnections > limit, !Self.paths.contains(request.path) else { return try await next(request) }
        var refusal = HTTPError(
            503, "tooManyConnections", "The gateway has \(request.openConnections) connections open, over its limit of \(limit); try again shortly.")
        // `close` gives the connection back at once instead of keeping a reserve slot. Returned, not
        // thrown: a flood of refusals is counted in the metrics, not logged one warning each.
        refusal.headers = ["Retry-After": "1", "Connection": "close"]
        return refusal.response
    }
}
