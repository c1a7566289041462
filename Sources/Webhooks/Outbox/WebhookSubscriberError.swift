/// Why the outgoing webhook configuration was refused; names the entry so a person can fix it.
public struct WebhookSubscriberError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public enum Code: String, Sendable {
        /// The URL does not parse or has no host.
        case invalidURL
        /// The URL's scheme is not http or https.
        case unsupportedScheme
        /// The secret is missing or is not `whsec_<base64>`.
        case invalidSecret
        /// An event type is not one the broker publishes (or is `heartbeat`).
        case unknownEventType
        /// Two entries name the same URL.
        case duplicateURL
        /// The subscribers file exists but cannot be read or is not the expected JSON.
        case invalidFile
    }

    /// What was wrong.
    public let code: Code
    /// The entry at fault, such as `webhookUrl` or `config/webhooks.json entry 2`.
    public let entry: String
    /// The detail: the offending value (never a secret) or the parser's complaint.
    public let detail: String

    /// An error about `entry`.
    public init(code: Code, entry: String, detail: String) {
        self.code = code
        self.entry = entry
        self.detail = detail
    }

    /// One line naming the entry and what to change.
    public var description: String {
        switch code {
        case .invalidURL: "\(entry): \(detail) is not a URL with a host"
        case .unsupportedScheme: "\(entry): \(detail) must be an http or https URL"
        case .invalidSecret: "\(entry): \(detail)"
        case .unknownEventType: "\(entry): unknown event type \(detail)"
        case .duplicateURL: "\(entry): \(detail)"
        case .invalidFile: "\(entry): \(detail)"
        }
    }
}
