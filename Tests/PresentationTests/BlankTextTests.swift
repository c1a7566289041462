import Foundation
import Testing

@testable import Presentation

/// `isBlank` decides printable ASCII without Foundation's sets; it must still say what trimming says.
@Suite struct BlankTextTests {
    static let texts = [
        "", " ", "  ", "\t", "\n", "\r\n", " \n\t", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2003}", "\u{3000}", "\u{2028}",
        "a", " a", "a ", "!", "~", "\u{7F}", "\u{1F}", "\u{0}", "é", "\u{A0}x", "\u{3000}\u{3000}", "\n\n.", "Confirm operation",
    ]

    @Test(arguments: texts)
    func blankMeansWhatTrimmingLeavesNothingOf(text: String) {
        #expect(Presentation.isBlank(text, .whitespacesAndNewlines) == text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(Presentation.isBlank(text, .whitespaces) == text.trimmingCharacters(in: .whitespaces).isEmpty)
    }

    @Test func everyASCIICharacterAloneIsJudgedAsTrimmingJudgesIt() {
        for value in UInt8(0)...UInt8(0x7F) {
            let text = String(UnicodeScalar(value))
            #expect(Presentation.isBlank(text, .whitespacesAndNewlines) == text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(value)")
            #expect(Presentation.isBlank(text, .whitespaces) == text.trimmingCharacters(in: .whitespaces).isEmpty, "\(value)")
        }
    }
}
