public import Foundation

/// An HTTP answer as the client received it; its body only when the request asked to keep it.
public struct HTTPClientResponse: Sendable, Equatable {
    /// The status code (a 3xx too: redirects are never followed).
    public let status: Int
    /// The final response's header fields, names in lower case (of a repeated field the last wins).
    public let headers: [String: String]
    /// The body, when the request kept it; empty otherwise.
    public let body: Data

    /// A response with `status`, `headers` (names already in lower case) and `body`.
    public init(status: Int, headers: [String: String], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
