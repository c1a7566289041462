import Foundation
import JSON
import Presentation
import Testing
import Wire

@testable import InterludeCLI

@Suite struct OutputTests {
    /// A question journaled before new questions were checked for control characters, as the broker may still list it.
    static let hostile: Presentation = {
        let json = #"""
            {"actions":[{"id":"ok","label":"O\u001b[8mK","role":"cancel"}],"createdAt":"2026-11-18T11:06:40.000Z","error":null,
             "expiresAt":null,"id":"prs_1","item":null,"job":"job_1","kind":"alert","message":"line one\nfake line\u001b[2J",
             "sequence":1,"title":"Blue\u001b]0;window title\u0007 in Green\u202e","titleVisibility":"visible"}
            """#
        return try! JSONCoding.decoder.decode(Presentation.self, from: Data(json.utf8))
    }()

    @Test func aPendingQuestionIsPrintedWithItsControlCharactersWrittenVisibly() {
        let printed = Output.describe(Self.hostile).joined(separator: "\n")
        #expect(!printed.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(printed.contains(#"Blue\u{1B}]0;window title\u{7} in Green\u{202E}"#))
        #expect(printed.contains("line one\nfake line\\u{1B}[2J"), "the message keeps its line breaks")
    }

    @Test func aQuestionSaysWhenItEscalatesAndToWhomUntilItHas() throws {
        var draft = Presentation.Draft.alert("Deploy?", actions: [Action(id: "deploy", label: "Deploy")])
        draft.audience = Audience(users: ["ana"])
        draft.escalation = Escalation(afterSeconds: 7_200, to: Audience(groups: ["leads"]))
        let asked = try Presentation(draft, id: "prs_1", job: "job_1", sequence: 1, createdAt: Date(timeIntervalSince1970: 1_800_000_000))
        let printed = Output.describe(asked)
        #expect(printed.contains("  for: users ana") && printed.contains("  escalates 2027-01-15T10:00:00.000Z to groups leads"), "\(printed)")
        let widened = try #require(asked.escalated(at: Date(timeIntervalSince1970: 1_800_007_201)))
        let after = Output.describe(widened)
        #expect(after.contains("  for: users ana; groups leads") && !after.contains { $0.hasPrefix("  escalates") }, "\(after)")
    }

    @Test func aJobsErrorAndResultArePrintedSafely() {
        let job = Job(
            id: "job_1", operation: "noop\u{1B}[31m", input: .null, phase: .failed, result: .string("\u{202E}x"),
            error: Job.Failure(code: "x", message: "boom\u{1B}[2J"), createdAt: Date())
        let printed = Output.describe(job)
        #expect(!printed.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
    }
}
