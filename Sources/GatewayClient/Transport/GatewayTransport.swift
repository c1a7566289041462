public import Foundation

/// How a `GatewayClient`'s requests reach the gateway: one request for one whole response, and one
/// streamed request whose body arrives in pieces (the event stream). `URLSessionTransport` is the
/// default; a program that must trust a private certificate authority on Linux, where
/// FoundationNetworking offers no way to name one, brings a transport of its own.
public protocol GatewayTransport: Sendable {
    /// Sends `request` and returns the gateway's response, whatever its status; throws a
    /// `GatewayClientError` (status 0) when no response came.
    func send(_ request: GatewayRequest) async throws(GatewayClientError) -> GatewayResponse

    /// Sends `request` and passes its response on as it arrives: the status once, each piece of the body
    /// as it is read, then the end. Ending the iteration stops the request.
    func stream(_ request: GatewayRequest) -> AsyncStream<GatewayStreamPart>
}

/// One request to the gateway, with every header it carries.
public struct GatewayRequest: Sendable, Hashable {
    /// `GET` or `POST`.
    public var method: String
    /// The whole URL, query included.
    public var url: URL
    /// The header fields, the token's included.
    public var headers: [String: String]
    /// The body, nil for none.
    public var body: Data?
    /// How long the request may wait for its response (for a stream: for its next piece).
    public var timeout: TimeInterval

    /// A request of these parts.
    public init(method: String, url: URL, headers: [String: String], body: Data?, timeout: TimeInterval) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// A response's status, headers (names in lower case) and body.
public struct GatewayResponse: Sendable, Hashable {
    /// The HTTP status.
    public var status: Int
    /// The header fields, names in lower case.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// A response of these parts.
    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// What a streamed response hands its reader, in order: the status, body pieces as they arrive, the end.
public enum GatewayStreamPart: Sendable {
    /// The response's status, before any of its body.
    case status(Int)
    /// A piece of the body.
    case data(Data)
    /// The response ended; with the error that ended it, if any.
    case ended(GatewayClientError?)
}
