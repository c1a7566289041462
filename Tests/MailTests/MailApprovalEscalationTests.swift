import Foundation
import Presentation
import Testing
import Wire

@testable import Mail

/// Approvals short of the number and escalations are mailed: to whom, and what they read.
@Suite struct MailApprovalEscalationTests {
    typealias F = MailFixtures
    static let directory = Directory(people: F.people, groups: { name in name == "luis" || name == "eva" ? ["ops"] : [] })

    /// A question whose Remove needs two approvals, asked of ana and group leads (nobody here), escalating to group ops.
    static func question(escalatedAt: Date? = nil) -> Presentation {
        var draft = Presentation.Draft(
            kind: .confirmationDialog, title: "Remove download", message: "Blue in Green will no longer be available offline.",
            actions: [
                Action(id: "remove", label: "Remove", role: .destructive, localization: Localization("removeDownload.action.remove"), approvals: 2),
                Action(id: "cancel", label: "Cancel", role: .cancel),
            ], localization: Localization("removeDownload.confirm", ["Blue in Green"]), expiresAfter: 3_600)
        draft.audience = Audience(users: ["ana"], groups: ["leads"])
        draft.escalation = Escalation(afterSeconds: 600, to: Audience(groups: ["ops"]))
        return try! Presentation(draft, id: "p-1", job: "j-1", sequence: 1, createdAt: F.now)
    }

    static let progress = ApprovalProgress(
        presentation: "p-1", action: "remove", needed: 2, approvals: [Approval(action: "remove", by: "ana", channel: "link", at: F.now)])

    static func approved(sequence: Int64 = 5) -> Event {
        Event(
            sequence: sequence, type: .presentationApproved, at: F.now,
            job: JobSummary(id: "j-1", operation: "removeDownload", state: .waiting, attempts: 1, updatedAt: F.now), approvals: progress)
    }

    static func escalated() throws -> Event {
        let widened = try #require(question().escalated(at: F.now.addingTimeInterval(600)))
        return F.event(.presentationEscalated, widened, sequence: 6)
    }

    @Test func anApprovalGoesToEveryoneMailedAboutTheQuestionAndKeepsIt() throws {
        let known = MailPlan.Question(presentation: Self.question(), operation: "removeDownload", recipients: ["ana", "luis"])
        let plan = try #require(MailPlan.of(Self.approved(), known: known, directory: Self.directory))
        #expect(plan.kind == .approved && plan.recipients == ["ana", "luis"] && plan.question == known && !plan.forget)
    }

    @Test func anApprovalOfAQuestionNeverMailedMailsNobody() {
        #expect(MailPlan.of(Self.approved(), known: nil, directory: Self.directory) == nil)
    }

    @Test func anEscalationMailsOnlyThePeopleItAddsAndRemembersEveryone() throws {
        let known = MailPlan.Question(presentation: Self.question(), operation: "removeDownload", recipients: ["ana", "eva"])
        let plan = try #require(MailPlan.of(try Self.escalated(), known: known, directory: Self.directory))
        #expect(plan.kind == .escalated && plan.recipients == ["luis"] && plan.question.recipients == ["ana", "eva", "luis"] && !plan.forget)
        #expect(plan.question.presentation.escalatedAt != nil, "later mails show the widened question")
    }

    @Test func theApprovalMailSaysWhoApprovedAndHowManyOfHowManyInTheQuestionsThread() {
        let first = F.composer.mail(.pending, about: Self.question(), operation: "removeDownload", for: "luis", F.luis, texts: F.texts, sequence: 3, now: F.now)
        let mail = F.composer.mail(
            .approved, about: Self.question(), operation: "removeDownload", approvals: Self.progress, for: "luis", F.luis, texts: F.texts, sequence: 5,
            now: F.now)
        #expect(mail.subject == "Approval: Remove download")
        #expect(mail.text.contains("ana approved “Remove”: 1 of 2 approvals."))
        #expect(mail.inReplyTo == first.messageID && mail.messageID != first.messageID)
        #expect(!mail.text.contains("https://"), "the links of the first mail still answer")
        let spanish = F.composer.mail(
            .approved, about: Self.question(), operation: "removeDownload", approvals: Self.progress, for: "ana", F.ana, texts: F.texts, sequence: 5,
            now: F.now)
        #expect(spanish.subject == "Aprobación: Quitar descarga" && spanish.text.contains("ana aprobó «Quitar»: 1 de 2 aprobaciones."))
    }

    @Test func theEscalationMailAsksWithThePersonsOwnLinksAndStartsTheirThread() throws {
        let widened = try #require(try Self.escalated().presentation)
        let mail = F.composer.mail(.escalated, about: widened, operation: "removeDownload", for: "luis", F.luis, texts: F.texts, sequence: 6, now: F.now)
        let resolved = F.composer.mail(.resolved, about: widened, operation: "removeDownload", for: "luis", F.luis, texts: F.texts, sequence: 9, now: F.now)
        #expect(mail.subject == "Remove download" && mail.text.contains("A job is waiting for an answer, and now asks you too."))
        #expect(mail.text.contains("Remove: https://interlude.example/answer/p-1/") && mail.text.contains("It answers as luis, once"))
        #expect(mail.inReplyTo == nil && resolved.inReplyTo == mail.messageID)
    }
}
