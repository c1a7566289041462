import Foundation
import Presentation
import Testing
import Wire

@testable import Mail

/// Which people get which mail.
@Suite struct MailPlanTests {
    typealias F = MailFixtures
    static let directory = Directory(people: F.people, groups: { name in name == "luis" || name == "eva" ? ["ops"] : [] })

    @Test(arguments: [
        (Audience(users: ["ana"]), ["ana"]), (Audience(groups: ["ops"]), ["eva", "luis"]), (Audience(users: ["ana"], groups: ["ops"]), ["ana", "eva", "luis"]),
        (Audience(users: ["nobody-with-an-address"]), []), (Audience(groups: ["leads"]), []),
    ])
    func aNewQuestionGoesToThePeopleOfItsAudienceThatHaveAnAddress(audience: Audience, expected: [String]) throws {
        let plan = try #require(MailPlan.of(F.event(.presentationPending, F.question(audience: audience), sequence: 3), known: nil, directory: Self.directory))
        #expect(plan.kind == .pending && plan.recipients == expected && plan.question.recipients == expected && !plan.forget)
    }

    @Test func aQuestionWithoutAnAudienceGoesToNobodyUnlessPeopleAreNamedForIt() throws {
        let open = F.event(.presentationPending, F.question(audience: nil), sequence: 3)
        #expect(try #require(MailPlan.of(open, known: nil, directory: Self.directory)).recipients == [])
        let named = Directory(people: F.people, anyone: ["eva", "stranger"])
        #expect(try #require(MailPlan.of(open, known: nil, directory: named)).recipients == ["eva"])
    }

    @Test func aResolutionGoesToEveryoneMailedAboutTheQuestionAndForgetsIt() throws {
        let known = MailPlan.Question(presentation: F.question(), operation: "removeDownload", recipients: ["ana", "luis"])
        let resolution = Resolution(presentation: "p-1", job: "j-1", cause: .answered, action: "remove", by: "ana", channel: "link", at: F.now)
        let plan = try #require(
            MailPlan.of(F.event(.presentationResolved, F.question(), sequence: 4, resolution: resolution), known: known, directory: Self.directory))
        #expect(plan.kind == .resolved && plan.recipients == ["ana", "luis"] && plan.forget)
    }

    @Test func aResolutionOfAQuestionNeverMailedMailsNobody() {
        let resolution = Resolution(presentation: "p-1", job: "j-1", cause: .expired, action: "cancel", by: nil, channel: nil, at: F.now)
        #expect(MailPlan.of(F.event(.presentationResolved, F.question(), sequence: 4, resolution: resolution), known: nil, directory: Self.directory) == nil)
    }

    @Test func aReminderGoesToTheAudienceAndKeepsEveryoneMailedBefore() throws {
        let known = MailPlan.Question(presentation: F.question(), operation: "removeDownload", recipients: ["eva"])
        let plan = try #require(MailPlan.of(F.event(.presentationReminder, F.question(), sequence: 5), known: known, directory: Self.directory))
        #expect(plan.kind == .reminder && plan.recipients == ["ana"] && plan.question.recipients == ["ana", "eva"])
    }

    @Test(arguments: [Event.Kind.jobQueued, .jobSucceeded, .operationAnnounced])
    func otherEventsAreNotMailed(type: Event.Kind) {
        #expect(MailPlan.of(F.event(type, F.question(), sequence: 6), known: nil, directory: Self.directory) == nil)
    }
}
