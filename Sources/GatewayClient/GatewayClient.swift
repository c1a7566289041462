public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A client of Interlude's gateway over its HTTP API, for programs and apps that answer or submit from
/// anywhere the gateway is published: one base URL and one bearer token.
///
/// By default it speaks through Foundation's `URLSession` (FoundationNetworking on Linux) rather than the
/// project's libcurl module: the library then builds unchanged on Apple platforms, where apps use it, needs
/// no C library of its own, and trusts each system's certificate authorities for `https`. The event stream
/// reads its response through a data delegate, chunk by chunk as it arrives, so it streams on Linux as
/// it does on Apple platforms. A program that needs more (a private certificate authority on Linux) passes
/// a `GatewayTransport` of its own.
///
/// Every call throws `GatewayClientError`: the API's JSON error as it came, or what stood in the way of one.
public struct GatewayClient: Sendable {
    /// The gateway's base URL, such as `https://interlude.example.com`.
    public let base: URL
    /// The bearer token every request carries; nil on a gateway whose API is open.
    let token: String?
    /// How long a request may wait for its response.
    public var timeout: TimeInterval = 30
    /// How the requests reach the gateway.
    let transport: any GatewayTransport

    /// A client of the gateway at `base` sending `token` over `URLSession`; `configuration` is copied for its requests.
    public init(base: URL, token: String?, configuration: URLSessionConfiguration = .ephemeral) {
        self.init(base: base, token: token, transport: URLSessionTransport(configuration: configuration))
    }

    /// A client of the gateway at `base` sending `token` over `transport`.
    public init(base: URL, token: String?, transport: any GatewayTransport) {
        self.base = base
        self.token = token
        self.transport = transport
    }

    /// The headers every request carries: the token, and JSON as the one accepted answer.
    func headers(_ extra: [String: String]) -> [String: String] {
        var headers = ["Accept": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        headers.merge(extra) { _, new in new }
        return headers
    }

    /// The URL of `path` (segments already escaped) under `base`, with `query`'s non-nil items.
    func url(_ path: String, query: [(String, String?)] = []) throws(GatewayClientError) -> URL {
        let root = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        guard var components = URLComponents(string: root + path) else {
            throw GatewayClientError(status: 0, code: GatewayClientError.badURL, message: "\(root + path) is not a URL.")
        }
        let items = query.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
        if !items.isEmpty { components.queryItems = items }
        guard let url = components.url else { throw GatewayClientError(status: 0, code: GatewayClientError.badURL, message: "\(root + path) is not a URL.") }
        return url
    }

    /// One path segment (an id or a name), escaped.
    static func segment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
