import Broker
import Foundation
import Journal
import Presentation
import Testing
import Wire

/// A question whose action needs two people of `ops`: each approval short of two is journaled, published and
/// answered with the question as it stands; the second resolves it once; a restarted broker keeps the count.
@Suite struct ApprovalFlowTests {
    static let deployDraft: Presentation.Draft = {
        var draft = Presentation.Draft.confirmationDialog("Deploy release", actions: [Action(id: "deploy", label: "Deploy", approvals: 2)])
        draft.audience = Audience(groups: ["ops"])
        return draft
    }()

    func waitingJob(_ broker: inout BrokerHarness) -> (Job, Presentation) {
        _ = broker.ready("w1")
        let (job, _) = broker.submit()
        let effects = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: Self.deployDraft)))
        return (job, BrokerHarness.presented(effects, to: "w1")!)
    }

    func approve(_ broker: inout BrokerHarness, _ presentation: Presentation, by: String, action: String = "deploy") -> [BrokerEffect] {
        broker.client(.answer(.init(presentation: presentation.id, action: action, by: by, channel: "cli", groups: ["ops"])))
    }

    @Test func oneApprovalIsJournaledPublishedAndAnsweredWithTheQuestionAsItStands() {
        var broker = BrokerHarness()
        let (job, presentation) = waitingJob(&broker)
        let effects = approve(&broker, presentation, by: "ana")
        guard case .presentation(let state) = BrokerHarness.replies(effects).first else {
            Issue.record("expected the pending question, got \(BrokerHarness.replies(effects))")
            return
        }
        #expect(state.resolution == nil)
        #expect(state.approvals?.map(\.by) == ["ana"])
        #expect(state.approvalProgress.map(\.description) == ["1 of 2 approvals: waiting for one more (approved by ana)"])
        #expect(
            BrokerHarness.changes(effects).contains { if case .approve(presentation.id, let approvals) = $0 { approvals.map(\.by) == ["ana"] } else { false } })
        let events = BrokerHarness.events(effects)
        #expect(events.map(\.type) == [.presentationApproved])
        #expect(events.first?.approvals?.approvers == ["ana"])
        #expect(events.first?.approvals?.needed == 2)
        #expect(events.first?.approvals?.presentation == presentation.id)
        #expect(BrokerHarness.commands(effects, to: "w1").isEmpty, "the worker hears nothing until the question resolves")
        #expect(broker.state.pending.map(\.id) == [presentation.id])
        #expect(broker.state.activeJob(job.id)?.presentation?.id == presentation.id)
    }

    @Test func theSamePersonTwiceIsRefusedWithItsOwnCode() {
        var broker = BrokerHarness()
        let (_, presentation) = waitingJob(&broker)
        _ = approve(&broker, presentation, by: "ana")
        let again = approve(&broker, presentation, by: "ana")
        guard case .error(let refusal) = BrokerHarness.replies(again).first else {
            Issue.record("expected a refusal")
            return
        }
        #expect(refusal.code == .alreadyApproved)
        #expect(refusal.message.contains("each person counts once"))
        #expect(BrokerHarness.events(again).isEmpty)
    }

    @Test func theSecondPersonResolvesItOnceAndTheWorkerResumesWithBothApprovers() {
        var broker = BrokerHarness()
        let (job, presentation) = waitingJob(&broker)
        _ = approve(&broker, presentation, by: "ana")
        let effects = approve(&broker, presentation, by: "bo")
        guard case .resolution(let resolution) = BrokerHarness.replies(effects).first else {
            Issue.record("expected a resolution")
            return
        }
        #expect(resolution.approvals?.map(\.by) == ["ana", "bo"])
        #expect(BrokerHarness.commands(effects, to: "w1") == [.resume(.init(job: job.id, attempt: 1, sequence: 1, resolution: resolution))])
        #expect(BrokerHarness.events(effects).map(\.type) == [.presentationResolved])
        let late = approve(&broker, presentation, by: "cy")
        guard case .error(let refusal) = BrokerHarness.replies(late).first else {
            Issue.record("expected a refusal")
            return
        }
        #expect(refusal.code == .alreadyResolved)
        #expect(refusal.resolution == resolution)
    }

    @Test func aCancelAnswerEndsItAtOnce() {
        var broker = BrokerHarness()
        let (_, presentation) = waitingJob(&broker)
        _ = approve(&broker, presentation, by: "ana")
        let effects = approve(&broker, presentation, by: "bo", action: "cancel")
        guard case .resolution(let resolution) = BrokerHarness.replies(effects).first else {
            Issue.record("expected a resolution")
            return
        }
        #expect(resolution.action == "cancel")
        #expect(resolution.approvals?.map(\.by) == ["ana"])
    }

    @Test func aBrokerRestartedBetweenTheApprovalsStillKnowsOneOfTwo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("approvals-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (job, submitted) = broker.submit()
        let presented = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: Self.deployDraft)))
        let presentation = try #require(BrokerHarness.presented(presented, to: "w1"))
        let changes = BrokerHarness.changes(submitted + presented + approve(&broker, presentation, by: "ana"))
        try Journal(folder: folder).apply(changes)

        var restarted = BrokerHarness(recovering: try Journal(folder: folder).recover().jobs)
        let state = restarted.client(.presentation(.init(id: presentation.id)))
        guard case .presentation(let pending) = BrokerHarness.replies(state).first else {
            Issue.record("expected the pending question")
            return
        }
        #expect(pending.approvals?.map(\.by) == ["ana"])
        let again = approve(&restarted, presentation, by: "ana")
        #expect(BrokerHarness.replies(again).first.map { if case .error(let error) = $0 { error.code == .alreadyApproved } else { false } } == true)
        let effects = approve(&restarted, presentation, by: "bo")
        guard case .resolution(let resolution) = BrokerHarness.replies(effects).first else {
            Issue.record("expected a resolution")
            return
        }
        #expect(resolution.approvals?.map(\.by) == ["ana", "bo"])
    }

    @Test func expiryWithApprovalsShortResolvesToTheCancelAction() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (job, _) = broker.submit()
        var draft = Self.deployDraft
        draft.expiresAfter = 60
        let presented = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: draft)))
        let presentation = BrokerHarness.presented(presented, to: "w1")!
        _ = approve(&broker, presentation, by: "ana")
        let effects = broker.advance(61)
        let resolved = BrokerHarness.events(effects).first { $0.type == .presentationResolved }?.resolution
        #expect(resolved?.cause == .expired)
        #expect(resolved?.action == "cancel")
        #expect(resolved?.approvals?.map(\.by) == ["ana"])
    }

    @Test func expiryWithApprovalsShortResolvesToTheAuthorsChoiceWhenItNamesOne() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (job, _) = broker.submit()
        var draft = Self.deployDraft
        draft.expiresAfter = 60
        draft.onExpiry = "deploy"
        let presented = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: draft)))
        let presentation = BrokerHarness.presented(presented, to: "w1")!
        #expect(presentation.onExpiry == "deploy")
        _ = approve(&broker, presentation, by: "ana")
        let effects = broker.advance(61)
        let resolved = BrokerHarness.events(effects).filter { $0.type == .presentationResolved }.compactMap(\.resolution)
        #expect(resolved.count == 1)
        #expect(resolved.first?.cause == .expired && resolved.first?.action == "deploy" && resolved.first?.by == nil)
        #expect(resolved.first?.approvals?.map(\.by) == ["ana"])
    }
}
