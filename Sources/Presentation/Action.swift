/// One choice of a presentation: data, never a colour or a position.
public struct Action: Codable, Sendable, Hashable, Identifiable {
    /// What an answer names; unique within its presentation.
    public let id: String
    /// The default (English) text of the button.
    public let label: String
    /// What the action means; `nil` for an ordinary choice.
    public let role: Role?
    /// Key and arguments for the label in another language.
    public let localization: Localization?

    /// An action with this id, label, role and catalog key.
    public init(id: String, label: String, role: Role? = nil, localization: Localization? = nil) {
        self.id = id
        self.label = label
        self.role = role
        self.localization = localization
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(label, forKey: .label)
        try container.encode(role, forKey: .role)
        try container.encodeIfPresent(localization, forKey: .localization)
    }

    /// The meaning of an action, as in SwiftUI's `ButtonRole`.
    public enum Role: String, Codable, Sendable, Hashable, CaseIterable {
        /// Potentially irreversible; renderers make it stand out.
        case destructive
        /// The safe exit; dismissal and expiry choose it.
        case cancel
    }
}
