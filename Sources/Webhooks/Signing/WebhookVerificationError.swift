/// Why an incoming webhook was refused; carries the message id when there was one.
public struct WebhookVerificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason, stable enough to branch on and to put in an HTTP error body.
    public enum Code: String, Sendable {
        /// One of `webhook-id`, `webhook-timestamp` or `webhook-signature` is absent or empty.
        case missingHeaders
        /// `webhook-timestamp` is not an integer number of seconds.
        case invalidTimestamp
        /// The timestamp is further in the past than the tolerance allows.
        case timestampTooOld
        /// The timestamp is further in the future than the tolerance allows.
        case timestampTooNew
        /// No `v1` signature in `webhook-signature` matches the body.
        case noMatchingSignature
    }

    /// The reason the message was refused.
    public let code: Code
    /// The `webhook-id` of the refused message, if it had one.
    public let messageID: String?

    /// An error for the message `messageID` (if known).
    public init(code: Code, messageID: String?) {
        self.code = code
        self.messageID = messageID
    }

    /// One line naming the reason and the message.
    public var description: String {
        let subject = messageID.map { "webhook \($0)" } ?? "webhook"
        return switch code {
        case .missingHeaders: "\(subject): missing webhook-id, webhook-timestamp or webhook-signature header"
        case .invalidTimestamp: "\(subject): webhook-timestamp is not an integer number of seconds"
        case .timestampTooOld: "\(subject): timestamp is too old; check the sender's clock or replay"
        case .timestampTooNew: "\(subject): timestamp is in the future; check the sender's clock"
        case .noMatchingSignature: "\(subject): no v1 signature matches; check the secret"
        }
    }
}
