import Presentation

/// How one action of a question looks: its label, its role and its catalog key.
///
/// swift-navigation's `ButtonState` as plain data: roles are meanings, never colours or positions, and
/// each resolver arranges the buttons by its own conventions.
///
/// ```swift
/// ButtonState("Delete Files", role: .destructive, localization: Localization("action.deleteFiles"))
/// ButtonState.cancel                                   // "Cancel", translated by every resolver
/// ButtonState("Deploy", approvals: 2)                  // taken once two people of the audience chose it
/// ```
public struct ButtonState: Sendable, Hashable {
    /// The default (English) text of the button.
    public var label: String
    /// What the action means; `nil` for an ordinary choice.
    public var role: Action.Role?
    /// Key and arguments for the label in another language.
    public var localization: Localization?
    /// How many distinct people of the question's audience must choose it before `job.present` returns it;
    /// a cancel button always takes one, and any cancel answer ends the question at once.
    public var approvals: Int

    /// A button labelled `label`, with an optional role, catalog key and number of approvals it needs.
    public init(_ label: String, role: Action.Role? = nil, localization: Localization? = nil, approvals: Int = 1) {
        self.label = label
        self.role = role
        self.localization = localization
        self.approvals = approvals
    }

    /// "Cancel" with the cancel role and the key `action.cancel`, which every resolver translates.
    public static let cancel = ButtonState("Cancel", role: .cancel, localization: Localization("action.cancel"))
}

/// The type of a question's actions: each value is one button, and `job.present` returns the chosen value.
///
/// Usually an enum with `String` raw values, whose raw value is the id an answer names:
///
/// ```swift
/// enum Choice: String, PresentationAction {
///     case remove, cancel
///     var button: ButtonState {
///         switch self {
///         case .remove: ButtonState("Remove", role: .destructive, localization: Localization("action.remove"))
///         case .cancel: .cancel
///         }
///     }
/// }
/// ```
///
/// Cases may carry values (`case move(toDay: Int)`) when the label depends on them; `id` then names the
/// case without its values. Ids are matched against recorded answers, so keep them stable across releases.
public protocol PresentationAction: Hashable, Sendable {
    /// The id an answer names: unique among one question's actions, 1–64 of `A–Z a–z 0–9 _ . -`.
    var id: String { get }
    /// How the action is shown.
    var button: ButtonState { get }
}

extension PresentationAction where Self: RawRepresentable, RawValue == String {
    /// The raw value.
    public var id: String { rawValue }
}

extension PresentationAction {
    /// The action as a presentation carries it.
    public var action: Action {
        Action(id: id, label: button.label, role: button.role, localization: button.localization, approvals: button.approvals)
    }
}
