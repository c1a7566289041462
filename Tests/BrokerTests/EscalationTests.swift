import Foundation
import JSON
import Journal
import Presentation
import Testing
import Wire

@testable import Broker

/// A question's audience widens once, when its escalation is due; the journal keeps it across restarts.
@Suite struct EscalationTests {
    static let first = Audience(users: ["ana"], groups: ["ops"])
    static let leads = Audience(groups: ["leads", "ops"])

    /// A broker whose job, for `first`, asks a question escalating to `leads` after 60 s.
    static func asked() -> (BrokerHarness, Presentation, [BrokerEffect]) {
        var broker = BrokerHarness(settings: .init(heartbeatInterval: 1, liveness: 1_000_000))
        let submitted = broker.ready("w1") + broker.client(.submit(.init(operation: "removeDownload", input: .object([:]), audience: first)))
        let job = BrokerHarness.replies(submitted).compactMap { if case .job(let job) = $0 { job } else { nil } }.first!
        var draft = BrokerHarness.removeDraft
        draft.escalation = Escalation(afterSeconds: 60, to: leads)
        let asked = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: draft)))
        return (broker, BrokerHarness.presented(asked, to: "w1")!, submitted + asked)
    }

    static func escalated(_ effects: [BrokerEffect]) -> [Event] {
        BrokerHarness.events(effects).filter { $0.type == .presentationEscalated }
    }

    static func answer(_ broker: inout BrokerHarness, _ question: Presentation, by name: String, groups: [String]) -> BrokerReply? {
        BrokerHarness.replies(broker.client(.answer(.init(presentation: question.id, action: "cancel", by: name, channel: "cli", groups: groups))))
            .first
    }

    @Test func theAudienceWidensOnceAtTheDelayToTheUnionOfBoth() throws {
        var (broker, question, _) = Self.asked()
        #expect(question.escalation == Escalation(afterSeconds: 60, to: Self.leads) && question.escalatedAt == nil)
        #expect(Self.escalated(broker.advance(59)).isEmpty, "not before the delay")
        let effects = broker.advance(1.5)
        let event = try #require(Self.escalated(effects).first)
        #expect(Self.escalated(effects).count == 1)
        let widened = try #require(event.presentation)
        #expect(widened.id == question.id && widened.audience == Audience(users: ["ana"], groups: ["ops", "leads"]))
        #expect(widened.escalatedAt == broker.now && event.job?.id == question.job)
        let entry = HistoryTests.entries(effects).first { $0.type == .escalated }
        #expect(entry?.presentation == question.id && entry?.question?.audience == widened.audience)
        #expect(BrokerHarness.changes(effects).contains(.escalate(widened)), "journaled")
        #expect(broker.state.pending == [widened], "the pending question is the widened one")
        #expect(Self.escalated(broker.advance(3_600)).isEmpty, "once")
    }

    @Test func someoneOfTheNewAudienceIsRefusedBeforeAndMayAnswerAfter() {
        var (broker, question, _) = Self.asked()
        guard case .error(let error)? = Self.answer(&broker, question, by: "lee", groups: ["leads"]) else {
            Issue.record("lee was not refused before the escalation")
            return
        }
        #expect(error.code == .forbidden)
        _ = broker.advance(61)
        guard case .resolution(let resolution)? = Self.answer(&broker, question, by: "lee", groups: ["leads"]) else {
            Issue.record("lee could not answer after the escalation")
            return
        }
        #expect(resolution.by == "lee" && resolution.cause == .answered)
    }

    @Test func anAnsweredQuestionDoesNotEscalate() {
        var (broker, question, _) = Self.asked()
        _ = Self.answer(&broker, question, by: "ana", groups: [])
        #expect(Self.escalated(broker.advance(120)).isEmpty)
    }

    @Test(arguments: [30.0, 90.0])
    func aBrokerRestartedFromTheJournalEscalatesOnceNeitherRepeatingNorSkippingIt(restartAfter: TimeInterval) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("escalation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = try Journal(folder: folder)
        func commit(_ effects: [BrokerEffect]) throws { try journal.apply(BrokerLoop.turnChanges(effects).changes) }
        var (broker, question, asked) = Self.asked()
        try commit(asked)
        let before = broker.advance(restartAfter)
        try commit(before)
        var restarted = BrokerHarness(settings: broker.state.settings, recovering: try Journal(folder: folder).recover().jobs)
        restarted.now = broker.now
        let recovered = try #require(restarted.state.pending.first)
        #expect(recovered.id == question.id)
        let after = restarted.advance(120)
        let fired = Self.escalated(before).count + Self.escalated(after).count
        #expect(fired == 1, "escalated \(fired) times across the restart")
        #expect(restarted.state.pending.first?.audience == Audience(users: ["ana"], groups: ["ops", "leads"]))
        #expect(restarted.state.pending.first?.escalatedAt == question.createdAt.addingTimeInterval(restartAfter < 60 ? restartAfter + 120 : restartAfter))
    }
}
