import Foundation

/// How one attempt to deliver a webhook ended, as the HTTP client saw it.
enum WebhookOutcome: Sendable, Equatable {
    /// The endpoint answered with `status` (redirects are not followed, so a 3xx lands here too).
    case response(status: Int, retryAfter: String?)
    /// No answer: timeout, refused or reset connection, TLS failure…
    case transportError(String)
    /// The attempt was abandoned because the dispatcher is stopping.
    case interrupted

    /// Whether the endpoint accepted the message (2xx).
    var isSuccess: Bool {
        if case .response(let status, _) = self { (200..<300).contains(status) } else { false }
    }

    /// The HTTP status, if an answer came back.
    var status: Int? {
        if case .response(let status, _) = self { status } else { nil }
    }

    /// A short reason for a failed attempt, for `lastError` and the log.
    var failureReason: String? {
        switch self {
        case .response(let status, _) where (200..<300).contains(status): nil
        case .response(let status, _) where (300..<400).contains(status): "HTTP \(status): redirects are not followed"
        case .response(let status, _): "HTTP \(status)"
        case .transportError(let reason): reason
        case .interrupted: "interrupted: the gateway stopped during the attempt"
        }
    }
}
