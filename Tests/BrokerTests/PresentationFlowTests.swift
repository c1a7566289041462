import Broker
import Foundation
import JSON
import Presentation
import Testing
import Wire

@Suite struct PresentationFlowTests {
    /// A worker, a job on it, and the job's question.
    func waitingJob(_ broker: inout BrokerHarness, capacity: Int = 1) -> (Job, Presentation) {
        _ = broker.ready("w1", capacity: capacity)
        let (job, _) = broker.submit()
        let effects = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: BrokerHarness.removeDraft)))
        return (job, BrokerHarness.presented(effects, to: "w1")!)
    }

    @Test func aQuestionIsJournaledPublishedAndAcknowledgedAndFreesTheWorkerSlot() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (job, _) = broker.submit()
        let (next, _) = broker.submit()
        let effects = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: BrokerHarness.removeDraft)))
        let presentation = BrokerHarness.presented(effects, to: "w1")
        #expect(presentation?.job == job.id)
        #expect(BrokerHarness.events(effects).map(\.type) == [.presentationPending])
        #expect(BrokerHarness.events(effects).first?.job?.state == .waiting)
        #expect(BrokerHarness.dispatches(effects).map(\.1.id) == [next.id], "a waiting job holds no worker slot")
        #expect(broker.state.pending.map(\.id) == [presentation?.id])
    }

    @Test func anInvalidDraftIsRefusedAndNothingIsPublished() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (job, _) = broker.submit()
        let bad = Presentation.Draft.alert("", actions: [])
        let effects = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: bad)))
        guard case .refused(let error) = BrokerHarness.commands(effects, to: "w1").first else {
            Issue.record("expected a refusal")
            return
        }
        #expect(error.code == .invalidPresentation)
        #expect(BrokerHarness.changes(effects).isEmpty)
    }

    @Test func theFirstAnswerWinsAndResumesTheJobOnTheWorkerThatHoldsIt() {
        var broker = BrokerHarness()
        let (job, presentation) = waitingJob(&broker)
        let effects = broker.client(.answer(.init(presentation: presentation.id, action: "remove", by: "ana", channel: "cli")))
        guard case .resolution(let resolution) = BrokerHarness.replies(effects).first else {
            Issue.record("expected a resolution")
            return
        }
        #expect(resolution.action == "remove")
        #expect(BrokerHarness.commands(effects, to: "w1") == [.resume(.init(job: job.id, attempt: 1, sequence: 1, resolution: resolution))])
        #expect(BrokerHarness.events(effects).map(\.type) == [.presentationResolved])

        let second = broker.client(.answer(.init(presentation: presentation.id, action: "cancel", by: "bo", channel: "web")))
        guard case .error(let refusal) = BrokerHarness.replies(second).first else {
            Issue.record("expected a refusal")
            return
        }
        #expect(refusal.code == .alreadyResolved)
        #expect(refusal.resolution == resolution, "the loser learns who won")
    }

    @Test func anUnknownActionIsRefusedAndTheQuestionStaysPending() {
        var broker = BrokerHarness()
        let (_, presentation) = waitingJob(&broker)
        let effects = broker.client(.answer(.init(presentation: presentation.id, action: "explode", by: "ana", channel: "cli")))
        guard case .error(let error) = BrokerHarness.replies(effects).first else {
            Issue.record("expected an error")
            return
        }
        #expect(error.code == .unknownAction)
        #expect(broker.state.pending.count == 1)
    }

    @Test func anAnswerToAnUnknownPresentationIsLeftToTheJournal() {
        var broker = BrokerHarness()
        let effects = broker.client(.answer(.init(presentation: "prs-old", action: "remove", by: "ana", channel: "cli")))
        guard case .query(_, _, .answer) = effects.first else {
            Issue.record("expected a journal query")
            return
        }
    }

    @Test func whenTheHolderIsDeadTheAnsweredJobIsReplayedOnAnotherWorker() {
        var broker = BrokerHarness()
        let (job, presentation) = waitingJob(&broker)
        _ = broker.advance(3.5)
        #expect(broker.state.workerCount == 0, "a worker silent for three intervals is dead")
        #expect(broker.state.pending.count == 1, "its waiting job keeps its question")
        _ = broker.ready("w2")
        let effects = broker.client(.answer(.init(presentation: presentation.id, action: "remove", by: "ana", channel: "cli")))
        let dispatched = BrokerHarness.dispatches(effects)
        #expect(dispatched.map(\.0) == [BrokerHarness.worker("w2")])
        #expect(dispatched.first?.1.id == job.id)
        #expect(dispatched.first?.1.attempts == 2)
    }

    @Test func aWorkerThatDiesWhileRunningLosesItsJobToAnother() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (job, _) = broker.submit("noop")
        _ = broker.advance(2)
        _ = broker.ready("w2")
        _ = broker.worker("w2", .heartbeat)
        broker.now = broker.now.addingTimeInterval(1.5)
        _ = broker.worker("w2", .heartbeat)
        let effects = broker.advance(0.1)
        #expect(BrokerHarness.dispatches(effects).map(\.0) == [BrokerHarness.worker("w2")])
        #expect(BrokerHarness.dispatches(effects).first?.1.id == job.id)
        // The dead worker's late result is ignored.
        #expect(
            broker.worker("w1", .result(.init(job: job.id, attempt: 1, outcome: .succeeded))) == [
                .send(to: BrokerHarness.worker("w1"), correlation: "", .reconnect)
            ])
    }

    @Test func heartbeatsGoOutToQuietWorkers() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        #expect(BrokerHarness.commands(broker.advance(0.5), to: "w1").isEmpty)
        _ = broker.worker("w1", .heartbeat)
        #expect(BrokerHarness.commands(broker.advance(0.6), to: "w1") == [.heartbeat])
    }

    @Test func anExpiredQuestionResolvesToItsCancelAction() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (job, _) = broker.submit()
        var draft = BrokerHarness.removeDraft
        draft.expiresAfter = 0.5
        _ = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: draft)))
        let effects = broker.advance(0.6)
        let resolution = BrokerHarness.events(effects).first { $0.type == .presentationResolved }?.resolution
        #expect(resolution?.cause == .expired)
        #expect(resolution?.action == "cancel")
    }

    @Test func theWorkerCanWithdrawItsQuestion() {
        var broker = BrokerHarness()
        let (job, _) = waitingJob(&broker)
        let effects = broker.worker("w1", .withdraw(.init(job: job.id, attempt: 1)))
        #expect(BrokerHarness.events(effects).first?.resolution?.cause == .withdrawn)
        #expect(broker.state.pending.isEmpty)
    }

    @Test func cancellingAWaitingJobWithdrawsItsQuestionAndEndsIt() {
        var broker = BrokerHarness()
        let (job, _) = waitingJob(&broker)
        let effects = broker.client(.cancel(.init(job: job.id)))
        #expect(BrokerHarness.events(effects).map(\.type) == [.presentationResolved, .jobCancelled])
        #expect(BrokerHarness.commands(effects, to: "w1") == [.forget(.init(job: job.id, attempt: 1))])
        #expect(broker.state.pending.isEmpty)
    }

    @Test func cancellingARunningJobAsksItsWorkerAndEndsWhenTheWorkerReports() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (job, _) = broker.submit("noop")
        let effects = broker.client(.cancel(.init(job: job.id)))
        #expect(BrokerHarness.commands(effects, to: "w1") == [.cancel(.init(job: job.id, attempt: 1))])
        let ended = broker.worker("w1", .result(.init(job: job.id, attempt: 1, outcome: .cancelled)))
        #expect(BrokerHarness.events(ended).map(\.type) == [.jobCancelled])
    }

    @Test func aQuestionSentWhileACancelIsOnItsWayIsRefusedAndTheJobStillEndsCancelled() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (job, _) = broker.submit()
        _ = broker.client(.cancel(.init(job: job.id)))
        let asked = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: BrokerHarness.removeDraft)))
        #expect(BrokerHarness.changes(asked).isEmpty, "no question for a job that is being cancelled")
        guard case .refused(let refusal)? = BrokerHarness.commands(asked, to: "w1").first else {
            Issue.record("expected a refusal, got \(asked)")
            return
        }
        #expect(refusal.code == .stale)
        let ended = broker.worker("w1", .result(.init(job: job.id, attempt: 1, outcome: .cancelled)))
        #expect(BrokerHarness.events(ended).map(\.type) == [.jobCancelled])
    }

    @Test func stepsAreJournaledBeforeTheyAreAcknowledgedAndOnlyFromTheLeaseHolder() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (job, _) = broker.submit("noop")
        let effects = broker.worker("w1", .step(.init(job: job.id, attempt: 1, name: "delete", value: .bool(true))))
        var recorded = HistoryEntry(.step, at: broker.now)
        recorded.step = "delete"
        #expect(BrokerHarness.changes(effects) == [.recordStep(job: job.id, name: "delete", value: .bool(true)), .appendHistory(job: job.id, recorded)])
        #expect(BrokerHarness.commands(effects, to: "w1") == [.stepRecorded(.init(job: job.id, attempt: 1))])
        _ = broker.ready("w2")
        let stale = broker.worker("w2", .step(.init(job: job.id, attempt: 1, name: "delete", value: .bool(true))))
        #expect(BrokerHarness.changes(stale).isEmpty)
    }

    @Test func eventSequencesStrictlyIncrease() {
        var broker = BrokerHarness()
        var sequences: [Int64] = []
        _ = broker.ready("w1")
        for _ in 0..<3 { sequences += BrokerHarness.events(broker.submit().1).map(\.sequence) }
        #expect(sequences == [1, 2, 3])
    }
}
