public import Foundation
public import JSON

extension Presentation {
    /// What a worker writes before the broker gives the question its identity.
    public struct Draft: Sendable, Hashable {
        /// Alert or confirmation dialog.
        public var kind: Kind
        /// The default (English) title.
        public var title: String
        /// Whether a dialog shows its title.
        public var titleVisibility: TitleVisibility
        /// The default (English) message under the title, if any.
        public var message: String?
        /// The actions offered, in the author's order.
        public var actions: [Action]
        /// Text asked for beside the buttons (`nil`: none).
        public var fields: [TextFieldState]?
        /// Who may answer (`nil`: anyone who may answer at all).
        public var audience: Audience?
        /// A snapshot of what the question is about.
        public var item: JSONValue?
        /// The error an error alert presents.
        public var error: PresentedError?
        /// Key and arguments for the texts in another language.
        public var localization: Localization?
        /// Seconds until the question expires and resolves to its expiry action (`onExpiry`, or the cancel action).
        public var expiresAfter: TimeInterval?
        /// The id of the action an expiry resolves to, one of the question's (`nil`: its cancel action).
        public var onExpiry: String?
        /// Who else may answer once the question has waited a while (`nil`: its audience stays as it is).
        public var escalation: Escalation?

        /// A draft of this kind, title and parts.
        public init(
            kind: Kind, title: String, titleVisibility: TitleVisibility = .automatic, message: String? = nil,
            actions: [Action] = [], item: JSONValue? = nil, error: PresentedError? = nil,
            localization: Localization? = nil, expiresAfter: TimeInterval? = nil
        ) {
            self.kind = kind
            self.title = title
            self.titleVisibility = titleVisibility
            self.message = message
            self.actions = actions
            self.item = item
            self.error = error
            self.localization = localization
            self.expiresAfter = expiresAfter
        }

        /// `alert(_:item:actions:message:)`.
        public static func alert(
            _ title: String, message: String? = nil, actions: [Action] = [], item: JSONValue? = nil,
            localization: Localization? = nil
        ) -> Draft {
            Draft(kind: .alert, title: title, message: message, actions: actions, item: item, localization: localization)
        }

        /// `confirmationDialog(_:item:titleVisibility:actions:message:)`.
        public static func confirmationDialog(
            _ title: String, titleVisibility: TitleVisibility = .automatic, message: String? = nil,
            actions: [Action] = [], item: JSONValue? = nil, localization: Localization? = nil
        ) -> Draft {
            Draft(
                kind: .confirmationDialog, title: title, titleVisibility: titleVisibility, message: message,
                actions: actions, item: item, localization: localization)
        }

        /// `alert(error:actions:message:)`: the title is the error's description and, when no message is
        /// given, the message is its recovery suggestion.
        public static func alert(
            error: PresentedError, message: String? = nil, actions: [Action] = [], item: JSONValue? = nil,
            localization: Localization? = nil
        ) -> Draft {
            Draft(
                kind: .alert, title: error.description, message: message ?? error.recoverySuggestion,
                actions: actions, item: item, error: error, localization: localization)
        }
    }

    /// SwiftUI's defaults: a dialog always offers a way out, and an alert with no buttons gets "OK".
    static func withDefaultActions(_ actions: [Action], kind: Kind) -> [Action] {
        if actions.isEmpty, kind == .alert {
            return [Action(id: "ok", label: "OK", role: .cancel, localization: Localization("action.ok"))]
        }
        if kind == .confirmationDialog, !actions.contains(where: { $0.role == .cancel }) {
            let id = actions.contains { $0.id == "cancel" } ? "cancel-dialog" : "cancel"
            return actions + [Action(id: id, label: "Cancel", role: .cancel, localization: Localization("action.cancel"))]
        }
        return actions
    }
}

extension Presentation.Draft {
    /// The actions the presentation will offer: the author's, plus SwiftUI's defaults where they apply.
    public var completedActions: [Action] { Presentation.withDefaultActions(actions, kind: kind) }
}
