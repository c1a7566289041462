import Presentation

/// ANSI styling that turns itself off: with colour off every style is the identity.
struct TerminalStyle: Sendable, Hashable {
    /// What a line means; the renderer never names a colour anywhere else.
    enum Kind: Sendable, Hashable {
        case plain, title, header, destructive
    }

    let colour: Bool

    /// `text` wrapped in the escape codes for `kind`, or as is without colour.
    func apply(_ kind: Kind, to text: String) -> String {
        guard colour, let code = Self.code(kind), !text.isEmpty else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    private static func code(_ kind: Kind) -> String? {
        switch kind {
        case .plain: nil
        case .title: "1"
        case .header: "2"
        case .destructive: "1;31"
        }
    }
}

/// A line of the rendering before styling, so wrapping and boxing measure plain text.
struct StyledLine: Sendable, Hashable {
    var text: String
    var kind: TerminalStyle.Kind = .plain
    /// Unstyled text before `text`: an indent or a box's side.
    var prefix = ""
    /// Unstyled text after `text`: padding and a box's side.
    var suffix = ""

    /// The line as written to the terminal; control characters in the text (which came from a
    /// worker or a person) are written visibly, so only the renderer's own styling reaches the terminal.
    func rendered(_ style: TerminalStyle) -> String {
        prefix + style.apply(kind, to: TextRules.escaped(text)) + suffix
    }
}
