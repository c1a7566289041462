public import Presentation

/// Arranges a presentation's actions for the terminal and maps key presses to action ids.
///
/// Arrangement (the wire order is not importance): ordinary actions in the author's order, then
/// destructive ones in the author's order, then the cancel action, always last. Keys: the row's
/// number 1…n; the first letter of the label where no other label starts with it (case and accents
/// ignored); Escape for the cancel action. Enter chooses nothing, so nothing happens by accident.
public struct ChoiceResolver: Sendable, Hashable {
    /// The rows in the order shown.
    public let choices: [Choice]

    /// The rows for `presentation` with labels in `locale`, from `catalog` (by default the resolver's own).
    public init(_ presentation: Presentation, catalog: Catalog? = nil, locale: String) {
        let catalog = catalog ?? ResolverText.catalog
        let actions = Self.arranged(presentation.actions)
        let labels = actions.map { catalog.label(of: $0, locale: locale) }
        let letters = labels.map { label in Choice.firstLetterIndex(label).map { label[$0] } }
        let folded = letters.map { $0.map(Choice.folded) }
        choices = actions.indices.map { index in
            let unique = folded[index].map { key in folded.filter { $0 == key }.count == 1 } ?? false
            return Choice(action: actions[index], label: labels[index], number: index + 1, letter: unique ? letters[index] : nil)
        }
    }

    /// Ordinary actions, then destructive ones, then the cancel action; the author's order within each group.
    public static func arranged(_ actions: [Action]) -> [Action] {
        actions.filter { $0.role == nil } + actions.filter { $0.role == .destructive } + actions.filter { $0.role == .cancel }
    }

    /// The id of the action `key` chooses, or `nil` when the key chooses nothing.
    public func action(for key: KeyPress) -> String? {
        switch key {
        case .escape:
            return choices.first(where: \.isEscape)?.action.id
        case .character(let character):
            if let number = character.wholeNumberValue {
                return choices.first { $0.number == number }?.action.id
            }
            let key = Choice.folded(character)
            return choices.first { $0.letter.map(Choice.folded) == key }?.action.id
        }
    }

    /// The keys as a prompt lists them: `1-3`, then the letters, then `Esc` when there is a cancel action.
    public var keys: [String] {
        let numbers = choices.count == 1 ? "1" : "1-\(choices.count)"
        let letters = choices.compactMap { $0.letter.map { String($0).uppercased() } }
        return [numbers] + letters + (choices.contains(where: \.isEscape) ? ["Esc"] : [])
    }
}
