public import Foundation
public import HTTPServer

/// Which requests the gateway answers, so that no other web site can drive it through a browser.
///
/// - `Host` must be the `publicUrl`'s host or a loopback name (421 otherwise): a page on a rebound
///   DNS name reaches the gateway with its own name in `Host`.
/// - A POST must be `application/json` (415 otherwise): a foreign page can POST a form or `text/plain`
///   without asking (the other methods, and JSON, need a CORS preflight that is refused), but not JSON.
///   An answer link's page (`/answer/…`) may also post a form: its link is the credential.
/// - A state-changing request (anything but GET, HEAD and OPTIONS) that carries an `Origin` must come
///   from the gateway's own origin, or one listed in `allowedOrigins` (403).
/// - CORS stays closed except for `allowedOrigins`, which get the `Access-Control-…` headers and preflights.
/// `/healthz` skips the `Host` check, so probes that address the gateway by any name keep working.
public struct OriginPolicy: Sendable, Hashable {
    /// The host of `publicUrl`, lower-cased; nil when it is not set.
    public let publicHost: String?
    /// The origin of `publicUrl` (`scheme://host[:port]`), when set.
    public let publicOrigin: String?
    /// Origins of other sites allowed to call the API from a browser (CORS).
    public let allowedOrigins: Set<String>

    /// The policy for a gateway reached at `publicURL` (nil: loopback names only) that lets `allowedOrigins` in.
    public init(publicURL: URL?, allowedOrigins: [String] = []) {
        publicHost = publicURL?.host?.lowercased()
        publicOrigin = publicURL.flatMap(Self.origin(of:))
        self.allowedOrigins = Set(allowedOrigins.compactMap(Self.normalized))
    }

    /// What the gateway does with a request.
    public enum Verdict: Sendable, Equatable {
        /// Serve it, adding `headers` to the response (CORS for an allowed origin).
        case serve(headers: HTTPHeaders)
        /// Answer a CORS preflight of an allowed origin with 204 and `headers`.
        case preflight(headers: HTTPHeaders)
        /// Refuse it with `status`, an error `code` and a message.
        case refuse(status: Int, code: String, message: String)
    }

    /// The verdict for a request with `method`, `path` and `headers`.
    public func verdict(method: HTTPMethod, path: String, headers: HTTPHeaders) -> Verdict {
        guard path == "/healthz" || hostIsOurs(headers["Host"]) else {
            return .refuse(
                status: 421, code: "misdirectedRequest",
                message: "This gateway does not answer for host \"\(headers["Host"] ?? "")\"; use its own address.")
        }
        let origin = headers["Origin"].map { $0.trimmingWhitespace() }
        let allowed = origin.flatMap(Self.normalized).map(allowedOrigins.contains) ?? false
        if method == .options, origin != nil, headers["Access-Control-Request-Method"] != nil {
            guard allowed, let origin else {
                return .refuse(status: 403, code: "foreignOrigin", message: "Requests from \(origin ?? "this origin") are not allowed.")
            }
            return .preflight(headers: Self.preflightHeaders(origin))
        }
        if method == .post {
            let type = headers["Content-Type"]?.split(separator: ";").first?.trimmingWhitespace().lowercased()
            // An answer link's page posts a form: the link in its path is the credential, which a foreign page does not have.
            let form = path.hasPrefix("/answer/") && type == "application/x-www-form-urlencoded"
            guard type == "application/json" || form else {
                return .refuse(
                    status: 415, code: "unsupportedMediaType",
                    message: "A \(method) request needs Content-Type: application/json.")
            }
        }
        if ![.get, .head, .options].contains(method) {
            if let origin, !allowed, !isOwn(origin, host: headers["Host"]) {
                return .refuse(
                    status: 403, code: "foreignOrigin",
                    message: "Requests from \(origin) are not allowed; only the gateway's own page may change anything.")
            }
        }
        guard allowed, let origin else { return .serve(headers: [:]) }
        return .serve(headers: ["Access-Control-Allow-Origin": origin, "Vary": "Origin", "Access-Control-Expose-Headers": "Location"])
    }

    /// Headers every response carries unless it sets its own (the page sets a fuller Content-Security-Policy):
    /// no other site may embed it in a frame or load it as a resource.
    public static let responseHeaders: HTTPHeaders = [
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cross-Origin-Resource-Policy": "same-origin",
        "X-Frame-Options": "DENY",
        "Content-Security-Policy": "frame-ancestors 'none'",
    ]

    private func hostIsOurs(_ host: String?) -> Bool {
        guard let name = host.flatMap(Self.hostName) else { return false }
        return Loopback.contains(name) || name == publicHost
    }

    /// Whether `origin` is the gateway's own: its `publicUrl`'s, or on a loopback name the address this request was sent to.
    private func isOwn(_ origin: String, host: String?) -> Bool {
        guard let origin = Self.normalized(origin) else { return false }
        if origin == publicOrigin { return true }
        guard let host, let name = Self.hostName(host), Loopback.contains(name) else { return false }
        return [Self.normalized("http://" + host), Self.normalized("https://" + host)].contains(origin)
    }

    private static func preflightHeaders(_ origin: String) -> HTTPHeaders {
        [
            "Access-Control-Allow-Origin": origin, "Vary": "Origin",
            "Access-Control-Allow-Methods": "GET, POST",
            "Access-Control-Allow-Headers": "Authorization, Content-Type, Idempotency-Key, Last-Event-ID, X-Interlude-Channel",
            "Access-Control-Max-Age": "600",
        ]
    }

    /// The host of a `Host` header, lower-cased, without its port (IPv6 in brackets kept); nil when the
    /// value is not a valid host[:port] (`127.0.0.1:8080 evil`), which the server refuses before this runs.
    static func hostName(_ header: String) -> String? {
        HostField(header)?.name
    }

    /// `scheme://host[:port]` of `url`, the port left out when it is the scheme's default.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let port = url.port.flatMap { (scheme == "http" && $0 == 80) || (scheme == "https" && $0 == 443) ? nil : $0 }
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(shown)\(port.map { ":\($0)" } ?? "")"
    }

    /// An origin as `origin(of:)` writes it; nil for `null` or anything that is not `scheme://host[:port]`.
    static func normalized(_ origin: String) -> String? {
        guard let url = URL(string: origin), url.path.isEmpty || url.path == "/", url.query == nil else { return nil }
        return Self.origin(of: url)
    }
}
