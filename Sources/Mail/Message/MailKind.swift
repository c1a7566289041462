public import Wire

/// The events that are mailed. Mailing one more kind is a case here (with its event type), its
/// sentences in `MailTexts`, its recipients in `MailPlan` (an approval: those already mailed; an
/// escalation: the people newly in the audience), and its type in the `mailEvents` setting's check.
public enum MailKind: String, Sendable, Hashable, CaseIterable {
    /// A new question: its title, message and links.
    case pending
    /// A question still waiting: the same, with fresh links.
    case reminder
    /// How the question ended: who answered what, or why nobody did.
    case resolved
    /// One more approval of an action that needs several: who approved, and how many of how many.
    case approved
    /// The question's audience widened: the question, with links, for the people newly in it.
    case escalated

    /// The kind of mail an event of `type` is, nil for an event that is not mailed.
    public init?(_ type: Event.Kind) {
        switch type {
        case .presentationPending: self = .pending
        case .presentationReminder: self = .reminder
        case .presentationResolved: self = .resolved
        case .presentationApproved: self = .approved
        case .presentationEscalated: self = .escalated
        default: return nil
        }
    }

    /// The event type it is mailed for, as `mailEvents` names it.
    public var eventType: Event.Kind {
        switch self {
        case .pending: .presentationPending
        case .reminder: .presentationReminder
        case .resolved: .presentationResolved
        case .approved: .presentationApproved
        case .escalated: .presentationEscalated
        }
    }

    /// Whether its mail carries answer links.
    var asks: Bool { self == .pending || self == .reminder || self == .escalated }

    /// Whether it is a person's first mail about the question, which later ones reply to.
    var starts: Bool { self == .pending || self == .escalated }
}
