import Foundation
public import Presentation

/// One row of a rendered presentation: an action with the keys that choose it.
public struct Choice: Sendable, Hashable {
    /// The action chosen.
    public let action: Action
    /// The action's label in the rendering's language.
    public let label: String
    /// 1…n in the order shown.
    public let number: Int
    /// The label's first letter, when no other action's label starts with the same letter.
    public let letter: Character?

    /// A row for `action`, shown as `label` under `number`, with `letter` as a shortcut if unambiguous.
    public init(action: Action, label: String, number: Int, letter: Character?) {
        self.action = action
        self.label = label
        self.number = number
        self.letter = letter
    }

    /// Whether Escape chooses this row: true for the cancel action.
    public var isEscape: Bool { action.role == .cancel }

    /// The label with its shortcut letter in brackets: `[R]emove`, or the label as is without a letter.
    public var keyedLabel: String {
        guard letter != nil, let index = Self.firstLetterIndex(label) else { return label }
        return label[..<index] + "[" + String(label[index]) + "]" + label[label.index(after: index)...]
    }

    /// Where the label's first letter is; digits and punctuation are skipped.
    static func firstLetterIndex(_ label: String) -> String.Index? {
        label.firstIndex { $0.isLetter }
    }

    /// A letter as shortcuts compare it: case and accents ignored, so `É`, `é` and `e` are one key.
    static func folded(_ character: Character) -> String {
        String(character).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
