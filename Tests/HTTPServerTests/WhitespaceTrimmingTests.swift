import Foundation
import HTTPServer
import Testing

/// `trimmingWhitespace()` trims exactly what Foundation's `trimmingCharacters(in: .whitespaces)` trims.
@Suite struct WhitespaceTrimmingTests {
    @Test(arguments: [
        "", " ", "\t", "  application/json ", "\tapplication/json\t", "127.0.0.1:8080", " a b ", "\n x \n", "\r\nx",
        "\u{A0}nbsp\u{A0}", "\u{2003}em\u{3000}", "\u{200B}zero-width\u{200B}", "\u{85}next-line", " é́ 🎵 ", "x\u{1680}",
        "\u{FEFF}bom", "\u{0B}vt\u{0C}",
    ])
    func trimsWhatFoundationTrims(_ text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
        #expect(text[...].trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
    }

    @Test func everyScalarOfTheBasicPlaneIsTrimmedAsFoundationTrimsIt() {
        for value in 0...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "\(Character(scalar))x\(Character(scalar))"
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
        }
    }
}
