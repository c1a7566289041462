import Foundation
import JSON
import Presentation
import Testing

@Suite struct SharedTextsTests {
    func address(_ text: String) -> Int {
        text.utf8.withContiguousStorageIfAvailable { Int(bitPattern: $0.baseAddress) } ?? 0
    }

    @Test func equalTextsComeBackAsOneCopyAndUnequalOnesUnchanged() {
        var texts = SharedTexts()
        let first = texts.share(String(repeating: "long enough to live on the heap ", count: 2))
        let second = texts.share(String(repeating: "long enough to live on the heap ", count: 2))
        #expect(first == second && address(first) == address(second))
        #expect(texts.share("another text, also long enough") == "another text, also long enough")
        let actions = [Action(id: "ok", label: "OK"), Action(id: "no", label: "No", role: .cancel)]
        #expect(texts.share(actions) == actions)
    }

    @Test func pastItsCapacityItKeepsNothingNew() {
        var texts = SharedTexts(capacity: 2)
        for index in 0..<2 { _ = texts.share("kept text number \(index) of the table") }
        let late = texts.share(String(repeating: "x", count: 40))
        let again = texts.share(String(repeating: "x", count: 40))
        #expect(late == again && address(late) != address(again), "the third distinct text is not kept")
        #expect(address(texts.share("kept text number 1 of the table")) == address(texts.share("kept text number 1 of the table")))
    }

    @Test func aSharedPresentationIsEqualToTheOriginal() throws {
        var draft = Presentation.Draft.alert("Confirm operation", message: "All settings will return to their defaults.", actions: [])
        draft.localization = Localization("resetPreferences.confirm")
        draft.item = .object(["n": .integer(1)])
        let original = try Presentation(draft, id: "p", job: "job-1", sequence: 1, createdAt: .init(timeIntervalSince1970: 0))
        var texts = SharedTexts()
        #expect(original.sharing(&texts, job: "job-1") == original)
        #expect(original.sharing(&texts, job: "another") == original, "a different job id is not taken")
    }
}
