public import Foundation

/// One HTTP request as a handler sees it: everything is already read, the body included.
public struct HTTPRequest: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The path as sent, without the query and still percent-encoded.
    public var path: String
    /// The path's segments, each percent-decoded (so an encoded `/` stays inside its segment).
    public var pathSegments: [String]
    /// The query items in order, with `+` and percent escapes decoded.
    public var queryItems: [URLQueryItem]
    /// The request headers.
    public var headers: HTTPHeaders
    /// The request body; empty when there was none.
    public var body: Data
    /// The client's IP address, when known.
    public var remoteAddress: String?
    /// Values of the `{name}` segments of the matched route, filled in by `Router`.
    public var pathParameters = PathParameters()
    /// The pattern of the route that matched, such as `/v1/jobs/{id}`, once `Router` has matched one.
    public var route: String?
    /// What middleware learned about the request for those after it (the caller, for one).
    public var attributes = HTTPAttributes()
    /// When the server had the request's headers: the start of its latency.
    public var receivedAt = ContinuousClock.now
    /// How many connections the server had open when the request was complete, its own included.
    public var openConnections = 1

    /// A request; `path` is percent-encoded, as on the wire.
    public init(
        method: HTTPMethod, path: String, queryItems: [URLQueryItem] = [], headers: HTTPHeaders = [:],
        body: Data = Data(), remoteAddress: String? = nil
    ) {
        self.method = method
        self.path = path
        self.pathSegments = path.split(separator: "/").map { Self.percentDecoded($0) }
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The first value of the query item `name`; nil when absent, "" when present without a value.
    public func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }.map { $0.value ?? "" }
    }

    /// Decodes a query component: `+` is a space, then percent escapes; malformed escapes stay as written.
    static func queryDecoded(_ text: some StringProtocol) -> String {
        percentDecoded(text.replacingOccurrences(of: "+", with: " "))
    }

    /// Decodes percent escapes; text with a malformed escape is kept as written rather than refused.
    static func percentDecoded(_ text: some StringProtocol) -> String {
        let string = String(text)
        // Without a `%` there is nothing to decode (and Foundation's decoding bridges through `NSString`).
        guard string.utf8.contains(UInt8(ascii: "%")) else { return string }
        return string.removingPercentEncoding ?? string
    }
}
