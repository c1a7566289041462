import Log

/// Runs a route behind its access check and turns every refusal into the JSON error response.
struct RouteGuard: HTTPHandler {
    let route: GatewayRoute
    let tokens: TokenStore
    let log: Log

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            let caller = try tokens.authorize(route.access, authorization: request.headers["Authorization"])
            return try await route.handler(request, caller)
        } catch {
            if error.status >= 500 {
                log.warning("\(request.method) \(route.pattern): \(error.status) \(error.code): \(error.message)")
            }
            return error.response
        }
    }
}
