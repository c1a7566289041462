import Foundation
import JSON
import Journal
import Presentation
import Testing
import Wire

/// An escalation rewrites the pending question's stored body, once, on every engine: a recovery reads the
/// widened question, and a resolved one is never rewritten.
@Suite struct JournalEscalationTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func asked() throws -> (Job, Presentation) {
        var draft = Presentation.Draft.alert("Deploy?", actions: [Action(id: "deploy", label: "Deploy"), Action(id: "cancel", label: "Cancel", role: .cancel)])
        draft.audience = Audience(users: ["ana"])
        draft.escalation = Escalation(afterSeconds: 60, to: Audience(groups: ["leads"]))
        let presentation = try Presentation(draft, id: "p1", job: "j1", sequence: 1, createdAt: now)
        let job = Job(id: "j1", operation: "noop", input: .object([:]), phase: .running, attempts: 1, createdAt: now, updatedAt: now)
        return (job, presentation)
    }

    @Test(arguments: JournalEngine.testable)
    func aRecoveryReadsTheWidenedQuestion(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let journal = try scratch.open()
        let (job, question) = try asked()
        try journal.apply([.saveJob(job, idempotency: nil), .addPresentation(question)])
        #expect(try scratch.open().recover().jobs.first?.1.current?.escalatesAt == now.addingTimeInterval(60), "not yet escalated")
        let widened = try #require(question.escalated(at: now.addingTimeInterval(61)))
        try journal.apply([.escalate(widened)])
        let recovered = try #require(try scratch.open().recover().jobs.first?.1.current)
        #expect(recovered.audience == Audience(users: ["ana"], groups: ["leads"]))
        #expect(recovered.escalatedAt == widened.escalatedAt && recovered.escalatesAt == nil, "escalated once: nothing more to schedule")
    }

    @Test(arguments: JournalEngine.testable)
    func aResolvedQuestionIsNotRewritten(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let journal = try scratch.open()
        let (job, question) = try asked()
        let resolution = Resolution(
            presentation: "p1", job: "j1", cause: .answered, action: "cancel", by: "ana", channel: "cli", at: now.addingTimeInterval(10))
        try journal.apply([.saveJob(job, idempotency: nil), .addPresentation(question), .resolve(resolution)])
        try journal.apply([.escalate(try #require(question.escalated(at: now.addingTimeInterval(61))))])
        #expect(try journal.presentation("p1")?.presentation.audience == Audience(users: ["ana"]))
    }
}
