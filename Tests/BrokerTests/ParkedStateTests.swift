import Broker
import Foundation
import Presentation
import Testing
import Wire

/// Many jobs waiting on questions at once: what the indexes behind the state machine must keep true.
@Suite struct ParkedStateTests {
    /// `count` jobs parked on `worker`, each asking one question that expires after `expiries[i]` seconds (none when nil).
    func park(_ broker: inout BrokerHarness, _ count: Int, on worker: String, expiries: [TimeInterval?] = []) -> [(Job, Presentation)] {
        (0..<count).map { index in
            let (job, _) = broker.submit()
            var draft = BrokerHarness.removeDraft
            draft.expiresAfter = index < expiries.count ? expiries[index] : nil
            let effects = broker.worker(worker, .present(.init(job: job.id, attempt: 1, sequence: 1, draft: draft)))
            return (job, BrokerHarness.presented(effects, to: worker)!)
        }
    }

    @Test func losingAWorkerTouchesOnlyTheJobsItHeldAndTheirAnswersReplayElsewhere() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let onFirst = park(&broker, 30, on: "w1")
        _ = broker.ready("w2")
        _ = broker.worker("w1", .disconnect)
        let onSecond = park(&broker, 30, on: "w2")
        #expect(broker.state.pendingCount == 60)

        let lost = broker.worker("w2", .disconnect)
        #expect(BrokerHarness.changes(lost).isEmpty, "a worker that only held suspended tasks leaves nothing to journal")
        #expect(broker.state.pendingCount == 60, "every question is still pending")

        _ = broker.ready("w3")
        let answered = broker.client(.answer(.init(presentation: onSecond[7].1.id, action: "remove", by: "ana", channel: "cli")))
        #expect(BrokerHarness.dispatches(answered).map(\.1.id) == [onSecond[7].0.id], "its task is gone: the job is dispatched again")
        #expect(BrokerHarness.dispatches(answered).first?.1.attempts == 2)
        #expect(broker.state.pendingCount == 59)
        #expect(Set(broker.state.pending.map(\.id)) == Set((onFirst + onSecond).map(\.1.id)).subtracting([onSecond[7].1.id]))
    }

    @Test func questionsExpireInDeadlineOrderAndTheNextExpiryFollowsTheEarliestLeft() {
        var broker = BrokerHarness()
        _ = broker.ready("w1", capacity: 1)
        let start = broker.now
        let parked = park(&broker, 6, on: "w1", expiries: [50, 10, nil, 30, 20, 40])
        #expect(broker.state.nextExpiry == start.addingTimeInterval(10))

        _ = broker.client(.answer(.init(presentation: parked[1].1.id, action: "remove", by: "ana", channel: "cli")))
        #expect(broker.state.nextExpiry == start.addingTimeInterval(20), "an answered question no longer sets the wake-up")

        let effects = broker.advance(35)
        let expired = BrokerHarness.events(effects).filter { $0.type == .presentationResolved }.compactMap(\.resolution)
        #expect(expired.map(\.presentation) == [parked[4].1.id, parked[3].1.id])
        #expect(expired.allSatisfy { $0.cause == .expired })
        #expect(broker.state.nextExpiry == start.addingTimeInterval(40))
        #expect(broker.state.pendingCount == 3)
        #expect(BrokerHarness.events(broker.advance(100)).filter { $0.type == .presentationResolved }.count == 2)
        #expect(broker.state.nextExpiry == nil)
        #expect(broker.state.pending.map(\.id) == [parked[2].1.id], "the question without a deadline waits on")
    }

    @Test func pagesOfARecoveredBrokerWalkEveryPendingQuestionOnceInOrder() throws {
        var first = BrokerHarness()
        _ = first.ready("w1", capacity: 1)
        var parked: [(Job, Presentation)] = []
        for _ in 0..<25 {
            parked += park(&first, 1, on: "w1")
            first.now = first.now.addingTimeInterval(0.001)
        }
        // Recovered in another order than they were asked: pages still follow creation time.
        let recovered = parked.reversed().map { job, presentation in
            var job = job
            job.presentation = presentation
            return (job, PresentationSlot(current: presentation, resolutions: [], lastSequence: 1))
        }
        var broker = BrokerHarness(recovering: recovered)
        var seen: [String] = []
        var after: String?
        repeat {
            guard case .pending(let page) = BrokerHarness.replies(broker.client(.pending(.init(limit: 10, after: after)))).first else {
                Issue.record("expected a page")
                return
            }
            seen += page.presentations.map(\.id)
            after = page.next
        } while after != nil && seen.count <= 25
        #expect(seen == parked.map(\.1.id))
    }

    @Test func aDroppedTaskLeavesItsQuestionPendingAndTheAnswerReplaysTheJob() {
        var broker = BrokerHarness()
        _ = broker.ready("w1", capacity: 2)
        let parked = park(&broker, 3, on: "w1")
        let dropped = broker.worker("w1", .drop(.init(job: parked[0].0.id, attempt: 1)))
        #expect(dropped.isEmpty, "nothing to journal, nobody to tell")
        #expect(broker.state.pendingCount == 3)

        let answered = broker.client(.answer(.init(presentation: parked[0].1.id, action: "remove", by: "ana", channel: "cli")))
        #expect(BrokerHarness.commands(answered, to: "w1").filter { if case .resume = $0 { true } else { false } }.isEmpty)
        #expect(BrokerHarness.dispatches(answered).map(\.1.id) == [parked[0].0.id])
        #expect(BrokerHarness.dispatches(answered).first?.1.attempts == 2)

        let kept = broker.client(.answer(.init(presentation: parked[1].1.id, action: "remove", by: "ana", channel: "cli")))
        #expect(BrokerHarness.commands(kept, to: "w1").contains { if case .resume = $0 { true } else { false } }, "a held task is resumed")
    }

    @Test func aDropThatCrossedTheResumeQueuesTheJobAgainAtOnce() {
        var broker = BrokerHarness()
        _ = broker.ready("w1", capacity: 2)
        let parked = park(&broker, 1, on: "w1")
        let answered = broker.client(.answer(.init(presentation: parked[0].1.id, action: "remove", by: "ana", channel: "cli")))
        #expect(BrokerHarness.commands(answered, to: "w1").contains { if case .resume = $0 { true } else { false } })
        // The worker had let the task go before the resume reached it.
        let dropped = broker.worker("w1", .drop(.init(job: parked[0].0.id, attempt: 1)))
        #expect(BrokerHarness.dispatches(dropped).map(\.1.id) == [parked[0].0.id])
        #expect(BrokerHarness.dispatches(dropped).first?.1.attempts == 2)
        let journaled = BrokerHarness.changes(dropped).compactMap { change -> String? in
            switch change {
            case .saveJob(let job, _): "saved \(job.phase)"
            case .dispatch(let job, let entry): "dispatched \(job.phase) \(job.attempts) as \(entry.type) \(entry.attempt ?? 0)"
            default: nil
            }
        }
        #expect(journaled == ["saved queued", "dispatched running 2 as dispatched 2"], "the job saved as queued, then its dispatch journaled")
        let stale = broker.worker("w1", .drop(.init(job: parked[0].0.id, attempt: 1)))
        #expect(stale.isEmpty, "a drop of an older attempt changes nothing")
    }
}
