/// Why the gateway cannot start: one clear line saying what to change; never contains a secret.
public struct GatewayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable {
        /// `http` is not an address the server can bind.
        case invalidAddress
        /// Bound to a non-loopback address with no API tokens configured.
        case tokensRequired
        /// `tokens` or `tokensFile` is malformed.
        case invalidTokens
        /// `incomingSecret` is not a Standard Webhooks secret.
        case invalidSecret
        /// `linkKeyFile` cannot be read or is malformed.
        case invalidLinkKeys
        /// The HTTP server could not listen (port taken) or the broker connection could not be set up.
        case startFailed
    }

    /// What went wrong.
    public let code: Code
    /// The line to print.
    public let message: String

    /// An error with a code and a message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `gateway: <message>`.
    public var description: String { "gateway: \(message)" }
}
