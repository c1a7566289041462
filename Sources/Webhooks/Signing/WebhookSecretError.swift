/// Why a text could not be read as a webhook secret.
public struct WebhookSecretError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong with the text.
    public enum Code: String, Sendable {
        /// The text (or what follows `whsec_`) is empty.
        case empty
        /// The text is not standard base64.
        case invalidBase64
    }

    /// What was wrong with the text.
    public let code: Code

    /// An error with the given code.
    public init(code: Code) {
        self.code = code
    }

    /// One line saying what was wrong and what a valid secret looks like.
    public var description: String {
        switch code {
        case .empty: "webhook secret is empty; expected whsec_<base64>"
        case .invalidBase64: "webhook secret is not valid base64; expected whsec_<base64>"
        }
    }
}
