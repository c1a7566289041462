import HTTPServer

/// Applies the `OriginPolicy` to every request, matched or not: refuses misdirected, foreign and
/// non-JSON state-changing requests, answers allowed preflights, and adds CORS headers for allowed origins.
struct OriginCheck: HTTPMiddleware {
    let policy: OriginPolicy

    func respond(to request: HTTPRequest, next: HTTPNext) async throws -> HTTPResponse {
        switch policy.verdict(method: request.method, path: request.path, headers: request.headers) {
        case .refuse(let status, let code, let message):
            throw HTTPError(status, code, message)
        case .preflight(let headers):
            return HTTPResponse(status: 204, headers: headers)
        case .serve(let headers):
            var response = try await next(request)
            for field in headers { response.headers[field.name] = field.value }
            return response
        }
    }
}
