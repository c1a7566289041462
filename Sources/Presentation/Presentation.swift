public import Foundation
public import JSON

/// A pending question a job asks a person: an alert or a confirmation dialog, immutable once published.
///
/// The server-side twin of SwiftUI's `alert(_:item:)` and `confirmationDialog(_:item:titleVisibility:)`:
/// a job holds zero or one of these, and that optional value is the whole presentation state.
public struct Presentation: Sendable, Hashable, Identifiable {
    /// Globally unique id; an answer names it.
    public let id: String
    /// The job that asked.
    public let job: String
    /// 1 for the job's first question, 2 for its second, …
    public let sequence: Int
    /// Alert or confirmation dialog.
    public let kind: Kind
    /// The default (English) title.
    public let title: String
    /// Whether a dialog shows its title.
    public let titleVisibility: TitleVisibility
    /// The default (English) message under the title, if any.
    public let message: String?
    /// The choices, in the author's order; resolvers arrange them by their own conventions.
    public let actions: [Action]
    /// Text the question asks for beside its buttons (see `TextFieldState`); empty for most questions.
    public let fields: [TextFieldState]
    /// Who may answer (user names and groups); `nil`: anyone who may answer at all.
    public internal(set) var audience: Audience?
    /// Immutable snapshot of what the question is about.
    public internal(set) var item: JSONValue?
    /// Present on error alerts.
    public let error: PresentedError?
    /// Key and arguments a resolver uses to show the text in another language.
    public let localization: Localization?
    /// When the broker took the question.
    public let createdAt: Date
    /// When it resolves to its expiry action (`expiryAction`) unless answered; `nil` for never.
    public let expiresAt: Date?
    /// The id of the action its author chose for an expiry; `nil`: the cancel action.
    public let onExpiry: String?
    /// Who else may answer after a delay; `audience` is widened by it once, at `escalatedAt`.
    public let escalation: Escalation?
    /// When the audience was widened by `escalation` (it then includes `escalation.to`); `nil` until then.
    public internal(set) var escalatedAt: Date?

    /// Builds a presentation from what its author wrote, applying SwiftUI's defaults and every rule.
    public init(_ draft: Draft, id: String, job: String, sequence: Int, createdAt: Date) throws(InvalidPresentation) {
        self.id = id
        self.job = job
        self.sequence = sequence
        self.kind = draft.kind
        self.title = draft.title
        self.titleVisibility = draft.titleVisibility
        self.message = draft.message
        self.actions = Self.withDefaultActions(draft.actions, kind: draft.kind)
        self.fields = draft.fields ?? []
        self.audience = draft.audience
        self.item = draft.item
        self.error = draft.error
        self.localization = draft.localization
        self.createdAt = createdAt
        self.expiresAt = draft.expiresAfter.map { createdAt.addingTimeInterval($0) }
        self.onExpiry = draft.onExpiry
        self.escalation = draft.escalation
        self.escalatedAt = nil
        try validate()
        try validateText()
    }
}

extension Presentation {
    /// The two kinds SwiftUI offers: an interruption, and the confirmation of something the person started.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        /// An alert: a title, a message and a few actions.
        case alert
        /// A confirmation dialog: choices about one thing, always with a cancel action.
        case confirmationDialog
    }

    /// Whether a renderer shows the title; `automatic` leaves it to the renderer's conventions.
    public enum TitleVisibility: String, Codable, Sendable, Hashable, CaseIterable {
        /// The resolver decides, as SwiftUI does.
        case automatic
        /// The title is shown.
        case visible
        /// The title is not shown.
        case hidden
    }

    /// The action with the cancel role: where dismissal leads, and expiry unless the author chose otherwise.
    public var cancelAction: Action? { actions.first { $0.role == .cancel } }

    /// Where an expiry leads: the action `onExpiry` names, else the cancel action.
    public var expiryAction: Action? { onExpiry.flatMap(action) ?? cancelAction }

    /// The action with this id.
    public func action(_ id: String) -> Action? { actions.first { $0.id == id } }

    /// Whether the presentation has expired at `now`.
    public func isExpired(at now: Date) -> Bool { expiresAt.map { $0 <= now } ?? false }
}
