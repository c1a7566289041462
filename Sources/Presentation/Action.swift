/// One choice of a presentation: data, never a colour or a position.
public struct Action: Sendable, Hashable, Identifiable {
    /// What an answer names; unique within its presentation.
    public let id: String
    /// The default (English) text of the button.
    public let label: String
    /// What the action means; `nil` for an ordinary choice.
    public let role: Role?
    /// Key and arguments for the label in another language.
    public let localization: Localization?
    /// How many distinct people of the audience must choose it before it is taken; 1 for most actions.
    public let approvals: Int

    /// An action with this id, label, role, catalog key and number of approvals it needs.
    public init(id: String, label: String, role: Role? = nil, localization: Localization? = nil, approvals: Int = 1) {
        self.id = id
        self.label = label
        self.role = role
        self.localization = localization
        self.approvals = approvals
    }

    /// Whether taking it needs more than one person.
    public var needsSeveral: Bool { approvals > 1 }

    /// The meaning of an action, as in SwiftUI's `ButtonRole`.
    public enum Role: String, Codable, Sendable, Hashable, CaseIterable {
        /// Potentially irreversible; renderers make it stand out.
        case destructive
        /// The safe exit; dismissal and expiry choose it.
        case cancel
    }
}
