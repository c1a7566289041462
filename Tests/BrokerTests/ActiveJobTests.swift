@testable import Broker
import Foundation
import Presentation
import Testing
import Wire

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
        let resolution = try active.slot.answer(Answer(presentation: first.id, action: "ok", by: "ana", channel: "cli", at: first.createdAt))
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
}
