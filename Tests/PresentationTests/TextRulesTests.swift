import Foundation
import Presentation
import Testing

@Suite struct TextRulesTests {
    @Test(arguments: [
        ("\u{1B}[2J", "\\u{1B}[2J"), ("title\u{07}", "title\\u{7}"), ("a\u{9B}31m", "a\\u{9B}31m"),
        ("evil\u{202E}txt.exe", "evil\\u{202E}txt.exe"), ("two\nlines", "two\\u{A}lines"), ("plain ñ 👍", "plain ñ 👍"),
    ])
    func controlCharactersAreWrittenVisibly(_ text: String, _ shown: String) {
        #expect(TextRules.escaped(text) == shown)
    }

    @Test func lineBreaksStayWhereTextMayHaveSeveralLines() {
        #expect(TextRules.escaped("one\ntwo\r", keepingLineBreaks: true) == "one\ntwo\\u{D}")
        #expect(TextRules.firstControl(in: "one\ntwo", allowingLineBreaks: true) == nil)
        #expect(TextRules.firstControl(in: "one\ntwo").map(TextRules.name) == "U+000A")
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: [
        Presentation.Draft.alert("Clear\u{1B}[2J"),
        Presentation.Draft.alert("Title", message: "line\u{1B}]0;window title\u{07}"),
        Presentation.Draft.alert("Title", actions: [Action(id: "ok", label: "O\u{8}K", role: .cancel)]),
        Presentation.Draft.alert(error: PresentedError(code: "e", description: "Failed", failureReason: "because\u{1B}[1A")),
    ])
    func aNewQuestionWithControlCharactersInItsTextIsRefused(_ draft: Presentation.Draft) {
        let error = #expect(throws: InvalidPresentation.self) {
            try Presentation(draft, id: "p", job: "j", sequence: 1, createdAt: Self.now)
        }
        #expect(error?.code == .controlCharacter)
    }

    @Test func aMessageMayHaveSeveralLines() throws {
        _ = try Presentation(.alert("Title", message: "one\ntwo\n\tthree"), id: "p", job: "j", sequence: 1, createdAt: Self.now)
    }
}
