/// An HTTP answer as the client received it; its body is not kept.
public struct HTTPClientResponse: Sendable, Equatable {
    /// The status code (a 3xx too: redirects are never followed).
    public let status: Int
    /// The final response's header fields, names in lower case (of a repeated field the last wins).
    public let headers: [String: String]

    /// A response with `status` and `headers` (names already in lower case).
    public init(status: Int, headers: [String: String]) {
        self.status = status
        self.headers = headers
    }
}
