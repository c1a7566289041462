import Foundation

/// One key a person pressed (or typed as a line) to choose an action.
public enum KeyPress: Sendable, Hashable {
    /// A printable character: a digit for a number, a letter for a label's first letter.
    case character(Character)
    /// The Escape key: the cancel action.
    case escape

    /// The key a typed line stands for: one character, an ESC byte, or the word `esc`; `nil` otherwise.
    public init?(input: String) {
        let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed == "\u{1B}" || trimmed.lowercased() == "esc" {
            self = .escape
        } else if trimmed.count == 1, let character = trimmed.first {
            self = .character(character)
        } else {
            return nil
        }
    }
}
