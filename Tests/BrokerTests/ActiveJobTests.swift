import Foundation
import JSON
import Presentation
import Testing
import Wire

@testable import Broker

/// The compact form the broker keeps for each job that has not ended.
@Suite struct ActiveJobTests {
    func presentation(_ job: Job, sequence: Int = 1) throws -> Presentation {
        var draft = Presentation.Draft.alert("Confirm the reset of every preference", message: "All settings will return to their defaults.", actions: [])
        draft.localization = Localization("resetPreferences.confirm")
        return try Presentation(draft, id: "p\(sequence)-\(job.id)", job: job.id, sequence: sequence, createdAt: job.createdAt)
    }

    @Test func theTableOfJobsHoldsOnePointerPerJob() {
        #expect(MemoryLayout<BrokerState.ActiveJob>.size == MemoryLayout<Int>.size)
    }

    @Test func aCopyChangedLaterLeavesTheOriginalAsItWas() throws {
        let job = Job(id: "job-1", operation: "resetPreferences", input: .object([:]), createdAt: Date(timeIntervalSince1970: 1_800_000_000))
        let original = BrokerState.ActiveJob(job: job, slot: PresentationSlot())
        var copy = original
        copy.job.attempts = 3
        copy.worker = Data("w1".utf8)
        var slot = copy.slot
        try slot.present(presentation(job))
        copy.slot = slot
        #expect(original.job.attempts == 0 && original.worker == nil && original.slot.current == nil && original.job.presentation == nil)
        #expect(copy.job.attempts == 3 && copy.worker == Data("w1".utf8))
    }

    @Test func theSlotsPendingQuestionIsTheJobsPresentationThroughAQuestionsLife() throws {
        let job = Job(id: "job-2", operation: "resetPreferences", input: .object([:]), createdAt: Date(timeIntervalSince1970: 1_800_000_000))
        var active = BrokerState.ActiveJob(job: job, slot: PresentationSlot())
        let first = try presentation(job)
        try active.slot.present(first)
        #expect(active.job.presentation == first && active.slot.current == first && active.slot.lastSequence == 1)
        let resolution = try active.slot.answer(Answer(presentation: first.id, action: "ok", by: "ana", channel: "cli", at: first.createdAt)).resolution
        #expect(active.job.presentation == nil && active.slot.current == nil)
        #expect(active.slot.resolutions[first.id] == resolution)
        #expect(throws: SlotRefusal.self) { try active.slot.present(presentation(job)) }
        try active.slot.present(presentation(job, sequence: 2))
        #expect(active.job.presentation?.sequence == 2 && active.slot.lastSequence == 2 && active.slot.resolutions.count == 1)
    }

    @Test func parkedJobsAskingTheSameQuestionShareItsTexts() throws {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        var draft = BrokerHarness.removeDraft
        draft.message = "The download and its cached artwork will be removed from this device."
        let presented = try (0..<3).map { _ in
            let (job, _) = broker.submit()
            let effects = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: draft)))
            return try #require(BrokerHarness.presented(effects, to: "w1"))
        }
        let kept = broker.state.pending
        #expect(kept.map(\.id) == presented.map(\.id))
        let messages = Set(kept.map { $0.message!.utf8.withContiguousStorageIfAvailable { Int(bitPattern: $0.baseAddress) } ?? 0 })
        #expect(messages.count == 1, "one copy of the message for all three")
        #expect(kept.map(\.actions) == presented.map(\.actions))
    }

    @Test func everyFieldOfAJobAndItsSlotComesBackAsItWent() throws {
        let created = Date(timeIntervalSince1970: 1_800_000_000)
        var job = Job(
            id: "job-3", operation: "exportProject", input: .object(["project": .string("a"), "n": .integer(3)]), phase: .running,
            result: .array([.bool(true), .number(1.5)]), error: Job.Failure(code: "c", message: "m"), progress: Job.Progress(done: 2, total: 9),
            attempts: 4, createdAt: created, updatedAt: created.addingTimeInterval(7))
        job.redispatches = 2
        job.outcome = Job.Outcome(Resolution(presentation: "p0", job: job.id, cause: .answered, action: "ok", by: "ana", channel: "cli", at: created))
        job.answerWithin = 90
        job.audience = Audience(users: ["ana"], groups: ["ops"])
        var draft = Presentation.Draft.alert("Confirm", message: "Sure?", actions: [])
        draft.item = .object(["file": .string("x.tar")])
        draft.expiresAfter = 60
        let question = try Presentation(draft, id: "p2-job-3", job: job.id, sequence: 2, createdAt: created.addingTimeInterval(5))
        let earlier = Resolution(presentation: "p1-job-3", job: job.id, cause: .expired, action: nil, by: nil, channel: nil, at: created)
        let slot = PresentationSlot(current: question, resolutions: [earlier], lastSequence: 2)
        var active = BrokerState.ActiveJob(job: job, slot: slot)
        active.lastLoss = "worker w1 disconnected"
        job.presentation = question
        #expect(active.job == job)
        #expect(active.slot == slot)
        #expect(active.lastLoss == "worker w1 disconnected")
        #expect(active.id == job.id && active.operation == job.operation && active.attempts == 4 && active.createdAt == created)
        active.job.result = nil
        active.job.error = nil
        active.job.outcome = nil
        #expect(active.lastLoss == "worker w1 disconnected", "the rest of what is rare stays")
        job.result = nil
        job.error = nil
        job.outcome = nil
        #expect(active.job == job)
    }

    @Test func jobsWaitingOnTheSameQuestionKeepOneCopyOfWhatItSays() throws {
        var broker = BrokerHarness()
        _ = broker.ready("w1", capacity: 4)
        var other = BrokerHarness.removeDraft
        other.item = .object(["download": .string("another")])
        let drafts = [BrokerHarness.removeDraft, BrokerHarness.removeDraft, other]
        let jobs = try drafts.map { draft in
            let (job, _) = broker.submit()
            let effects = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: draft)))
            _ = try #require(BrokerHarness.presented(effects, to: "w1"))
            return try #require(broker.state.jobs[job.id])
        }
        let first = try #require(jobs[0].questionContent)
        #expect(jobs[1].questionShares(first), "the same question: one copy of what it says")
        #expect(!jobs[2].questionShares(first), "another item: its own")
        #expect(broker.state.pending.map(\.item) == drafts.map(\.item), "each question still says what it said")
    }

    @Test func aRecoveredBrokerKeepsOneCopyOfWhatItsParkedQuestionsSay() throws {
        let created = Date(timeIntervalSince1970: 1_800_000_000)
        let active = try (1...3).map { index in
            let job = Job(id: "job-\(index)", operation: "resetPreferences", input: .object([:]), phase: .running, createdAt: created)
            let question = try presentation(job)
            return (job, PresentationSlot(current: question, resolutions: [], lastSequence: 1))
        }
        let state = BrokerState(recovering: active)
        let kept = try active.map { try #require(state.jobs[$0.0.id]) }
        let first = try #require(kept[0].questionContent)
        #expect(kept.allSatisfy { $0.questionShares(first) })
        #expect(state.pending == active.map(\.1.current!))
    }

    @Test func aParkedJobIsKeptInLessThanHalfTheBytesOfAJob() {
        #expect(BrokerState.ActiveJob.storedBytes * 2 < MemoryLayout<Job>.size + MemoryLayout<PresentationSlot>.size)
    }
}
