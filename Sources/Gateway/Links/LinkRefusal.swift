public import Foundation
import Primitives

/// Why an answer link did nothing, with the HTTP status and the sentence its page shows.
public struct LinkRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable {
        /// Malformed, changed, or signed with a key no longer in force.
        case invalid
        /// Past its expiry.
        case expired
        /// A link of another question than the address names.
        case otherQuestion
        /// Its question is no longer pending (answered, dismissed, expired or withdrawn).
        case resolved
        /// No such question.
        case unknown
        /// The person is not among those the question is for.
        case notInAudience
        /// This gateway has no link key.
        case disabled
        /// The answer was refused for another reason (a field's value, for one).
        case refused
    }

    /// What went wrong.
    public let code: Code
    /// The sentence shown to the person.
    public let message: String
    /// When the link expired, for `expired`.
    public let date: Date?

    /// A refusal of `code`; `at` is the expiry for `expired`; `message` replaces the standard sentence.
    public init(_ code: Code, at date: Date? = nil, message: String? = nil) {
        self.code = code
        self.date = date
        self.message = message ?? Self.sentence(code, date)
    }

    /// The page's status: 403 for a link that is not valid here, 404 unknown, 409 refused, 410 for one that is over.
    public var status: Int {
        switch code {
        case .invalid, .otherQuestion, .notInAudience: 403
        case .unknown, .disabled: 404
        case .expired, .resolved: 410
        case .refused: 422
        }
    }

    private static func sentence(_ code: Code, _ date: Date?) -> String {
        switch code {
        case .invalid: "This answer link is not valid: it is incomplete, was changed, or its key was retired."
        case .expired: "This answer link expired" + (date.map { " at \(Timestamp.string($0))" } ?? "") + "."
        case .otherQuestion: "This answer link belongs to another question."
        case .resolved: "This question is no longer waiting for an answer."
        case .unknown: "There is no such question."
        case .notInAudience: "This question is not for the person this link names."
        case .disabled: "Answer links are not enabled on this server."
        case .refused: "The answer was refused."
        }
    }

    /// `code: message`.
    public var description: String { "\(code.rawValue): \(message)" }
}
