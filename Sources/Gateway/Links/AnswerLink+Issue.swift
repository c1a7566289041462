public import Foundation
import Presentation
public import Wire

extension AnswerLink {
    /// How long a link lasts when no lifetime is asked for: a day (never past the question's deadline).
    public static let defaultLifetime: TimeInterval = 86_400
    /// The longest lifetime a link may be asked for: 30 days.
    public static let longestLifetime: TimeInterval = 30 * 86_400

    /// A link for `person` (in `groups`) to answer the pending question `state`, lasting `lifetime`
    /// from `now` but never past the question's deadline; refused when the question is not pending or
    /// not for that person.
    public init(issuing state: BrokerReply.PresentationState, for person: String, groups: [String], lifetime: TimeInterval?, now: Date)
        throws(LinkRefusal)
    {
        let presentation = state.presentation
        guard state.resolution == nil, !presentation.isExpired(at: now) else { throw LinkRefusal(.resolved) }
        guard presentation.audience?.includes(name: person, groups: groups) ?? true else {
            throw LinkRefusal(
                .notInAudience,
                message:
                    "Presentation \(presentation.id) is for \(presentation.audience.map(String.init(describing:)) ?? "anyone"); \(person) is not among them.")
        }
        let asked = lifetime ?? Self.defaultLifetime
        guard asked > 0, asked <= Self.longestLifetime else {
            throw LinkRefusal(.refused, message: "A link lasts more than 0 seconds and at most 30 days.")
        }
        let end = min(now.addingTimeInterval(asked), presentation.expiresAt ?? .distantFuture)
        self.init(presentation: presentation.id, person: person, expiresAt: end)
    }
}
