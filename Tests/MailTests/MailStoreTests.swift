import Foundation
import Presentation
import Testing
import Wire

@testable import Mail

/// The outbox keeps each mail once, across restarts, and records its attempts.
@Suite struct MailStoreTests {
    typealias F = MailFixtures

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("mail-store-\(UUID().uuidString)")
    }

    static func planner(_ event: Event, _ known: MailPlan.Question?) -> (plan: MailPlan, messages: [(name: String, message: MailMessage)])? {
        let directory = Directory(people: F.people, groups: { _ in ["ops"] })
        guard let plan = MailPlan.of(event, known: known, directory: directory) else { return nil }
        return (
            plan,
            plan.recipients.map { name in
                (
                    name,
                    F.composer.mail(
                        plan.kind, about: plan.question.presentation, operation: "removeDownload", resolution: event.resolution,
                        for: name, F.people.byName[name]!, texts: F.texts, sequence: event.sequence, now: F.now)
                )
            }
        )
    }

    @Test func eventsReadAgainAfterARestartAddNoMailAndTheResolutionReachesThoseMailed() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pending = F.event(.presentationPending, F.question(audience: Audience(groups: ["ops"])), sequence: 3)
        #expect(try MailStore(folder: folder).enqueue([pending], now: F.now, planner: Self.planner) == 3)
        let reopened = try MailStore(folder: folder)
        #expect(try reopened.cursor() == 3)
        #expect(try reopened.enqueue([pending], now: F.now, planner: Self.planner) == 0)
        let resolution = Resolution(presentation: "p-1", job: "j-1", cause: .answered, action: "remove", by: "ana", channel: "link", at: F.now)
        #expect(
            try reopened.enqueue([F.event(.presentationResolved, F.question(), sequence: 4, resolution: resolution)], now: F.now, planner: Self.planner) == 3)
        #expect(try reopened.counts() == [.pending: 6])
    }

    @Test func anAttemptIsCountedBeforeItStartsAndARetryWaitsItsTurn() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try MailStore(folder: folder)
        try store.enqueue([F.event(.presentationPending, F.question(), sequence: 3)], now: F.now, planner: Self.planner)
        let mail = try #require(try store.due(at: F.now, limit: 10).mails.first)
        #expect(mail.id == "3.ana" && mail.address == "ana@example.com" && mail.attempts == 0)
        try store.begin(mail.id, retryAt: F.now.addingTimeInterval(60), now: F.now)
        #expect(try store.due(at: F.now, limit: 10).mails.isEmpty, "a mail being sent is not due again until its lease ends")
        #expect(try store.due(at: F.now.addingTimeInterval(61), limit: 10).mails.first?.attempts == 1, "a crash during it leads to a retry")
        try store.settle(mail.id, state: .failed, nextAttemptAt: nil, error: "the mail server refused the message (server replied 550)", now: F.now)
        #expect(try store.counts() == [.failed: 1])
        #expect(try store.deadLetters(limit: 5).map(\.error) == ["the mail server refused the message (server replied 550)"])
    }
}
