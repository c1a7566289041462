import Presentation
import Resolver
import Testing

let bold = "\u{1B}[1m"
let dim = "\u{1B}[2m"
let red = "\u{1B}[1;31m"
let reset = "\u{1B}[0m"

/// One golden-text case: a presentation rendered 60 columns wide, two and a half minutes after it was asked.
struct Golden: Sendable, CustomTestStringConvertible {
    let presentation: Presentation
    let operation: String
    let locale: String
    let colour: Bool
    let expected: String

    init(_ presentation: Presentation, operation: String, locale: String, colour: Bool, expected: String) {
        self.presentation = presentation
        self.operation = operation
        self.locale = locale
        self.colour = colour
        self.expected = expected
    }

    var rendered: String {
        let context = RenderContext(
            locale: locale, colour: colour, width: 60, operation: operation, now: Fixtures.now,
            operationCatalog: ShippedTexts.catalog(for: operation))
        return TerminalRenderer(context: context).render(presentation).joined(separator: "\n")
    }

    var testDescription: String { "\(presentation.title) in \(locale)\(colour ? " with colour" : "")" }
}
