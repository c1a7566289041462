/// Why a request got no HTTP answer: the transfer failed, timed out or was cancelled.
public struct HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it was.
    public enum Code: Sendable, Equatable {
        /// No complete answer within the client's timeout.
        case timedOut
        /// Nothing listens at the address, or the connection could not be made.
        case connectionRefused
        /// The host name did not resolve.
        case hostNotFound
        /// The connection broke while sending or before the answer was complete.
        case connectionLost
        /// The TLS handshake or the server's certificate failed.
        case tlsFailure
        /// Not an `http` or `https` URL, or one libcurl cannot read.
        case unsupportedURL
        /// The request was cancelled (its task was, or the client was closed).
        case cancelled
        /// Any other failure libcurl reports.
        case other
    }

    /// What kind of failure it was.
    public let code: Code
    /// libcurl's own number (`CURLcode`), 0 for a cancellation.
    public let curlCode: Int

    /// A failure of kind `code` with libcurl's number `curlCode`.
    public init(code: Code, curlCode: Int = 0) {
        self.code = code
        self.curlCode = curlCode
    }

    /// A short reason for logs and delivery records, never the URL or a header.
    public var description: String {
        switch code {
        case .timedOut: "timed out"
        case .connectionRefused: "connection refused"
        case .hostNotFound: "host not found"
        case .connectionLost: "connection lost"
        case .tlsFailure: "TLS failure"
        case .unsupportedURL: "unsupported URL"
        case .cancelled: "cancelled"
        case .other: "network error \(curlCode)"
        }
    }
}
