import Presentation

extension Action {
    /// The safe exit every shipped question offers.
    static let cancel = Action(id: "cancel", label: "Cancel", role: .cancel, localization: Localization("action.cancel"))
}
