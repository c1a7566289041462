import Foundation
import Presentation
import Testing
import WorkerKit
import WorkerKitTesting

/// An operation states a question's escalation in its type, and the harness plays it out.
@Suite struct EscalationHarnessTests {
    enum Choice: String, PresentationAction {
        case approve, cancel
        var button: ButtonState { self == .cancel ? .cancel : ButtonState("Approve") }
    }

    struct Approve: JobOperation {
        static let name = "approve"
        static let summary = "Approve something"
        func run(_ input: Int, in job: JobContext) async throws -> Bool {
            let question = Question<Choice>.alert("Approve?", actions: [.approve, .cancel])
                .meant(for: .user("ana")).escalate(after: .seconds(7_200), to: .group("leads"))
            return try await job.present(question) == .approve
        }
    }

    @Test func theHarnessWidensTheAudienceOnceThenTheResponseAnswers() async throws {
        let run = await OperationHarness(Approve()).run(1) { _ in .escalate(then: .answer("approve")) }
        #expect(run.output == true)
        let asked = try #require(run.presentations.first)
        #expect(asked.escalation == Escalation(afterSeconds: 7_200, to: .group("leads")) && asked.audience == .user("ana"))
        let widened = try #require(run.escalations.first)
        #expect(run.escalations.count == 1)
        #expect(widened.audience == Audience(users: ["ana"], groups: ["leads"]))
        #expect(widened.escalatedAt.map { $0 >= asked.createdAt.addingTimeInterval(7_200) } == true)
    }

    @Test func aDelayInPartsOfASecondRoundsUpToTheNextSecond() {
        let question = Question<Choice>.alert("Approve?", actions: [.approve]).escalate(after: .milliseconds(1_500), to: .user("lee"))
        #expect(question.draft.escalation == Escalation(afterSeconds: 2, to: .user("lee")))
    }
}
