import Broker
import Foundation
import JSON
import Presentation
import Testing
import Wire

@Suite struct DispatchTests {
    @Test func aSubmittedJobIsJournaledQueuedAndAcknowledgedAfterItsChanges() {
        var broker = BrokerHarness()
        let (job, effects) = broker.submit()
        #expect(job.state == .queued)
        let saveIndex = effects.firstIndex { if case .persist(.saveJob) = $0 { true } else { false } }
        let replyIndex = effects.firstIndex { if case .reply = $0 { true } else { false } }
        #expect(saveIndex != nil && replyIndex != nil && saveIndex! < replyIndex!)
        #expect(BrokerHarness.events(effects).map(\.type) == [.jobQueued])
        #expect(broker.state.queued == [job.id])
    }

    @Test func aQueuedJobGoesToAWorkerThatRunsItsOperationWhenOneAnnouncesItself() {
        var broker = BrokerHarness()
        let (job, _) = broker.submit()
        #expect(BrokerHarness.dispatches(broker.ready("other", operations: ["exportProject"])).isEmpty)
        let dispatched = BrokerHarness.dispatches(broker.ready("w1"))
        #expect(dispatched.map(\.1.id) == [job.id])
        #expect(dispatched.first?.1.attempts == 1)
        #expect(dispatched.first?.1.state == .running)
    }

    @Test func aWorkerNeverRunsMoreThanItsCapacity() {
        var broker = BrokerHarness()
        _ = broker.ready("w1", capacity: 2)
        var dispatched = 0
        for _ in 0..<5 { dispatched += BrokerHarness.dispatches(broker.submit().1).count }
        #expect(dispatched == 2)
        #expect(broker.state.queued.count == 3)
    }

    @Test func jobsGoToTheLeastLoadedWorker() {
        var broker = BrokerHarness()
        _ = broker.ready("a", capacity: 1)
        _ = broker.ready("b", capacity: 3)
        let first = BrokerHarness.dispatches(broker.submit().1)
        #expect(first.first?.0 == BrokerHarness.worker("b"))
    }

    @Test func theSameIdempotencyKeyReturnsTheSameJob() {
        var broker = BrokerHarness()
        let (first, _) = broker.submit(key: "k1")
        let (second, effects) = broker.submit(key: "k1")
        #expect(first.id == second.id)
        #expect(BrokerHarness.changes(effects).isEmpty, "a repeated key changes nothing")
    }

    @Test func aResultEndsTheJobAndFreesTheSlotForTheNext() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (first, _) = broker.submit("noop")
        let (second, _) = broker.submit("noop")
        let effects = broker.worker("w1", .result(.init(job: first.id, attempt: 1, outcome: .succeeded, output: .object([:]))))
        #expect(BrokerHarness.events(effects).map(\.type) == [.jobSucceeded])
        #expect(BrokerHarness.dispatches(effects).map(\.1.id) == [second.id])
    }

    @Test func aResultFromAnotherWorkerOrAnOldAttemptIsIgnored() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        _ = broker.ready("w2")
        let (job, effects) = broker.submit("noop")
        let runner = BrokerHarness.dispatches(effects)[0].0 == BrokerHarness.worker("w1") ? "w1" : "w2"
        let other = runner == "w1" ? "w2" : "w1"
        #expect(broker.worker(other, .result(.init(job: job.id, attempt: 1, outcome: .succeeded))).isEmpty)
        #expect(broker.worker(runner, .result(.init(job: job.id, attempt: 7, outcome: .succeeded))).isEmpty)
        #expect(broker.state.activeJobs.map(\.id) == [job.id])
    }

    @Test func anUnknownWorkerIsToldToAnnounceItselfAgain() {
        var broker = BrokerHarness()
        let effects = broker.worker("ghost", .heartbeat)
        #expect(BrokerHarness.commands(effects, to: "ghost") == [.reconnect])
    }

    @Test func recoveredJobsAreQueuedAgainAndPendingQuestionsStayPending() throws {
        let now = Date()
        let running = Job(id: "j1", operation: "noop", input: .null, phase: .running, attempts: 1, createdAt: now)
        let question = try Presentation(BrokerHarness.removeDraft, id: "p1", job: "j2", sequence: 1, createdAt: now)
        let waiting = Job(
            id: "j2", operation: "removeDownload", input: .null, phase: .running, presentation: question, attempts: 1, createdAt: now.addingTimeInterval(1))
        let broker = BrokerHarness(recovering: [(running, PresentationSlot()), (waiting, PresentationSlot(current: question))])
        #expect(broker.state.queued == ["j1"])
        #expect(broker.state.pending.map(\.id) == ["p1"])
    }

    @Test func jobsRecoveredOutOfOrderAreHandedOutOldestFirst() throws {
        let now = Date()
        let jobs = [("j3", 3.0), ("j1", 1.0), ("j4", 3.0), ("j2", 2.0)].map { id, offset in
            (Job(id: id, operation: "noop", input: .null, phase: .running, attempts: 1, createdAt: now.addingTimeInterval(offset)), PresentationSlot())
        }
        var recovering = BrokerState.Recovering(settings: .init(), lastSequence: 7, announcements: [])
        for (job, slot) in jobs { recovering.add(job, slot) }
        let state = recovering.finish(quarantined: [Quarantine(job: "j9", reason: "unreadable")])
        #expect(state.queued == ["j1", "j2", "j3", "j4"], "oldest first; equal times keep the journal's order")
        #expect(state.lastSequence == 7)
        #expect(state.quarantined.map(\.job) == ["j9"])
    }
}
