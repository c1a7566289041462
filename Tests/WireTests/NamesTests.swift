import Foundation
import Testing
import Wire

/// The rules of a name a person reads, against what Foundation says of the same text.
@Suite struct NamesTests {
    static let blank = ["", " ", "\t", "  \t ", "\u{00A0}", "\u{2003}\u{3000}", " \u{202F}"]
    static let kept = ["a", " a ", "\u{00A0}x", "worker-1", "\u{2003}b", "é", "名前"]

    @Test(arguments: blank)
    func onlySpacesIsEmpty(_ name: String) {
        #expect(name.trimmingCharacters(in: .whitespaces).isEmpty)
        #expect(Names.problem(name) == "must not be empty")
    }

    @Test(arguments: kept)
    func anythingElseIsAName(_ name: String) {
        #expect(!name.trimmingCharacters(in: .whitespaces).isEmpty)
        #expect(Names.problem(name) == nil)
    }

    @Test func aNewlineIsNotASpaceButAControlCharacter() throws {
        let problem = try #require(Names.problem("\n"))
        #expect(problem.contains("control character"))
    }

    @Test func theLengthIsCountedInCharactersNotBytes() {
        #expect(Names.problem(String(repeating: "é", count: 128)) == nil)  // 256 UTF-8 bytes
        #expect(Names.problem(String(repeating: "x", count: 128)) == nil)
        #expect(Names.problem(String(repeating: "x", count: 129)) == "has 129 characters; at most 128")
        #expect(Names.problem(String(repeating: "é", count: 129)) == "has 129 characters; at most 128")
        #expect(Names.problem(String(repeating: "e\u{301}", count: 10), maxLength: 10) == nil)  // 10 characters, 20 scalars
    }

    @Test func checkThrowsNamingTheField() {
        #expect(throws: WireError.self) { try Names.check(" ", as: "by") }
        do {
            try Names.check(" ", as: "by")
        } catch {
            #expect(error.code == .invalidBody)
            #expect(error.message == "by must not be empty")
        }
    }
}
