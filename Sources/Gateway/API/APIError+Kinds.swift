import HTTPServer

extension APIError {
    /// 400: the body is not JSON, or a header or query parameter is malformed.
    static func badRequest(_ message: String, code: String = "badRequest") -> APIError {
        APIError(400, code, message)
    }

    /// 422: well-formed JSON that does not say what the route needs.
    static func invalid(_ message: String) -> APIError {
        APIError(422, "invalidRequest", message)
    }

    /// 401 with `WWW-Authenticate: Bearer`; `invalid` when a token was given but is not one of ours.
    static func unauthorized(invalid: Bool) -> APIError {
        var error =
            invalid
            ? APIError(401, "invalidToken", "The bearer token is not valid.")
            : APIError(401, "unauthorized", "This request needs a bearer token: Authorization: Bearer <token>.")
        error.headers["WWW-Authenticate"] = invalid ? #"Bearer realm="interlude", error="invalid_token""# : #"Bearer realm="interlude""#
        return error
    }

    /// 403: a valid token without the scope the route needs.
    static func forbidden(token: String, lacking scope: Scope) -> APIError {
        var error = APIError(403, "forbidden", "The token \(token) does not have the \(scope.rawValue) scope.")
        error.headers["WWW-Authenticate"] = #"Bearer realm="interlude", error="insufficient_scope", scope="\#(scope.rawValue)""#
        return error
    }
}
