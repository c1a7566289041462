import Broker
import Foundation
import JSON
import Journal
import Presentation
import Testing
import Wire

@Suite struct HistoryTests {
    static func entries(_ effects: [BrokerEffect]) -> [HistoryEntry] {
        effects.compactMap { effect -> HistoryEntry? in
            switch effect {
            case .persist(.appendHistory(_, let entry)), .persist(.dispatch(_, let entry)): entry
            default: nil
            }
        }
    }

    @Test func aJobsTimelineSaysWhatHappenedInOrder() {
        var broker = BrokerHarness()
        var effects = broker.ready("w1")
        let (job, submitted) = broker.submit()
        effects = submitted
        effects += broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: BrokerHarness.removeDraft)))
        let question = BrokerHarness.presented(effects, to: "w1")!
        effects += broker.client(.answer(.init(presentation: question.id, action: "cancel", by: "ana", channel: "cli")))
        effects += broker.client(.answer(.init(presentation: question.id, action: "remove", by: "bob", channel: "web")))
        effects += broker.worker("w1", .result(.init(job: job.id, attempt: 1, outcome: .succeeded, output: .object([:]))))
        let timeline = Self.entries(effects)
        #expect(timeline.map(\.type) == [.queued, .dispatched, .asked, .resolved, .refused, .finished])
        #expect(timeline[4].by == "bob" && timeline[4].action == "remove" && timeline[4].error?.code == "alreadyResolved")
        #expect(timeline[1].worker == "w1" && timeline[1].attempt == 1)
        #expect(timeline[2].question == question)
        #expect(timeline[3].action == "cancel" && timeline[3].by == "ana" && timeline[3].channel == "cli" && timeline[3].cause == .answered)
        #expect(timeline[5].state == .succeeded)
        #expect(
            timeline[5].outcome
                == Job.Outcome(
                    Resolution(
                        presentation: question.id, job: job.id, cause: .answered, action: "cancel", by: "ana", channel: "cli", at: broker.now)))
    }

    @Test func aPerJobDeadlineReplacesTheOperationsAndExpiresToTheCancelAction() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let effects = broker.client(.submit(.init(operation: "removeDownload", input: .object([:]), answerWithin: 2)))
        let job = BrokerHarness.replies(effects).compactMap { if case .job(let job) = $0 { job } else { nil } }.first!
        var draft = BrokerHarness.removeDraft
        draft.expiresAfter = 86_400
        let asked = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: draft)))
        let question = BrokerHarness.presented(asked, to: "w1")!
        #expect(question.expiresAt == question.createdAt.addingTimeInterval(2))
        let expired = broker.advance(2.1)
        let resolved = Self.entries(expired).first { $0.type == .resolved }
        #expect(resolved?.cause == .expired)
        #expect(resolved?.action == "cancel")
    }

    @Test func aQuestionWithoutACancelActionThatExpiresFailsItsJobAsExpired() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (job, _) = broker.submit()
        let draft = Presentation.Draft(kind: .alert, title: "Pick one", actions: [Action(id: "a", label: "A"), Action(id: "b", label: "B")], expiresAfter: 1)
        _ = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: draft)))
        let effects = broker.advance(1.5)
        let events = BrokerHarness.events(effects)
        #expect(events.map(\.type) == [.presentationResolved, .jobFailed])
        #expect(events.last?.job?.error?.code == "expired")
        #expect(events.last?.job?.outcome?.cause == .expired)
        #expect(BrokerHarness.commands(effects, to: "w1").filter { $0 != .heartbeat } == [.forget(.init(job: job.id, attempt: 1))])
        #expect(Self.entries(effects).last?.type == .finished)
    }

    @Test func progressIsRecordedAtEachQuarterOnly() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (job, _) = broker.submit()
        var recorded: [Int64] = []
        for done in stride(from: Int64(0), through: 100, by: 10) {
            let effects = broker.worker("w1", .progress(.init(job: job.id, attempt: 1, done: done, total: 100)))
            recorded += Self.entries(effects).compactMap(\.done)
        }
        #expect(recorded == [30, 50, 80, 100])
    }
}
