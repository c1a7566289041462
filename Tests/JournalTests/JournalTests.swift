import Foundation
import JSON
import Journal
import Presentation
import Schema
import Testing
import Wire

/// The journal's behaviour, the same on every engine.
@Suite struct JournalTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func job(_ id: String, _ phase: Job.Phase = .queued, at offset: TimeInterval = 0) -> Job {
        Job(id: id, operation: "removeDownload", input: .object(["trackID": .string("t-1")]), phase: phase, createdAt: now.addingTimeInterval(offset))
    }

    func question(_ job: String, sequence: Int = 1) throws -> Presentation {
        try Presentation(
            .confirmationDialog("Remove download", actions: [Action(id: "remove", label: "Remove", role: .destructive)]),
            id: "prs-\(job)-\(sequence)", job: job, sequence: sequence, createdAt: now)
    }

    func resolution(_ presentation: Presentation) -> Resolution {
        Resolution(presentation: presentation.id, job: presentation.job, cause: .answered, action: "remove", by: "ana", channel: "cli", at: now)
    }

    @Test(arguments: JournalEngine.testable)
    func everythingWrittenSurvivesReopening(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let first = try question("j2")
        let answered = try question("j3")
        do {
            let journal = try scratch.open()
            var waiting = job("j2", .running, at: 1)
            waiting.presentation = first
            try journal.apply([
                .saveJob(job("j1"), idempotency: Idempotency(key: "key-1", operation: "removeDownload", input: job("j1").input)),
                .saveJob(waiting, idempotency: nil), .addPresentation(first),
                .saveJob(job("j3", .running, at: 2), idempotency: nil), .addPresentation(answered), .resolve(resolution(answered)),
                .recordStep(job: "j3", name: "locate", value: .string("downloads/t-1.m4a")),
                .saveJob(job("j4", .succeeded, at: 3), idempotency: nil),
                .appendEvent(Event(sequence: 1, type: .jobQueued, at: now, job: job("j1"))),
                .appendEvent(Event(sequence: 2, type: .presentationPending, at: now, job: waiting, presentation: first)),
            ])
        }
        let reopened = try scratch.open()
        let recovered = try reopened.recover().jobs
        #expect(recovered.map(\.0.id) == ["j1", "j2", "j3"], "finished jobs are not recovered")
        let slot = try #require(recovered.first { $0.0.id == "j2" }?.1)
        #expect(slot.current == first, "a pending question is pending again")
        let resolvedSlot = try #require(recovered.first { $0.0.id == "j3" }?.1)
        #expect(resolvedSlot.current == nil)
        #expect(resolvedSlot.resolutions[answered.id] == resolution(answered))
        #expect(try reopened.job("j2")?.state == .waiting, "waiting is derived from the pending presentation")
        #expect(try reopened.job(idempotencyKey: "key-1")?.job.id == "j1")
        #expect(try reopened.job(idempotencyKey: "key-1")?.digest == Idempotency.digest(operation: "removeDownload", input: job("j1").input))
        #expect(try reopened.lastEventSequence() == 2)
        #expect(try reopened.events(after: 1, limit: 10).map(\.sequence) == [2])
        #expect(try reopened.events(after: 1, limit: 10).first?.event?.type == .presentationPending)
        let history = try reopened.history(of: "j3")
        #expect(history.steps["locate"] == .string("downloads/t-1.m4a"))
        #expect(history.resolution(forSequence: 1)?.action == "remove")
    }

    @Test(arguments: JournalEngine.testable)
    func aFailedBatchLeavesNothingBehind(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let journal = try scratch.open()
        try journal.apply([.appendEvent(Event(sequence: 1, type: .jobQueued, at: now, job: job("j1"))), .saveJob(job("j1"), idempotency: nil)])
        #expect(throws: (any Error).self) {
            try journal.apply([.saveJob(job("j2"), idempotency: nil), .appendEvent(Event(sequence: 1, type: .jobQueued, at: now, job: job("j2")))])
        }
        #expect(try journal.job("j2") == nil, "the batch is one transaction")
    }

    @Test(arguments: JournalEngine.testable)
    func jobsArePagedNewestFirstAndFilteredByState(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let journal = try scratch.open()
        try journal.apply((1...5).map { .saveJob(job("j\($0)", $0 % 2 == 0 ? .succeeded : .queued, at: Double($0)), idempotency: nil) })
        let first = try journal.jobs(state: nil, limit: 2, after: nil)
        #expect(first.map(\.job?.id) == ["j5", "j4"])
        let second = try journal.jobs(state: nil, limit: 2, after: first.last?.cursor)
        #expect(second.map(\.job?.id) == ["j3", "j2"])
        let last = try journal.jobs(state: nil, limit: 2, after: second.last?.cursor)
        #expect(last.map(\.job?.id) == ["j1"])
        #expect(try journal.jobs(state: nil, limit: 2, after: last.last?.cursor).isEmpty)
        #expect(try journal.jobs(state: .succeeded, limit: 10, after: nil).map(\.job?.id) == ["j4", "j2"])
        #expect(try journal.countsByState()["queued"] == 3)
        #expect(try journal.countsByState()["waiting"] == 0)
    }

    @Test(arguments: JournalEngine.testable)
    func aResolutionIsRecordedOnlyOnce(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let journal = try scratch.open()
        let presentation = try question("j1")
        let later = Resolution(presentation: presentation.id, job: "j1", cause: .expired, action: "cancel", by: nil, channel: nil, at: now)
        try journal.apply([
            .saveJob(job("j1", .running), idempotency: nil), .addPresentation(presentation), .resolve(resolution(presentation)), .resolve(later),
        ])
        #expect(try journal.presentation(presentation.id)?.resolution == resolution(presentation))
    }
}

extension JournalTests {
    @Test(arguments: JournalEngine.testable)
    func announcementsSurviveReopeningAndARepeatKeepsItsFirstTime(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let first = Date(timeIntervalSince1970: 1_800_000_000)
        let greet = OperationAnnouncement(
            name: "greet", summary: "Greet", input: .object(["name": .string(minLength: 1)], required: ["name"]),
            catalog: Catalog(["es": ["greet.title": "¿Saludar?"]]))
        do {
            let journal = try scratch.open()
            try journal.apply([.announce(RecordedAnnouncement(announcement: greet, worker: "a", firstAt: first, lastAt: first))])
            let later = first.addingTimeInterval(60)
            try journal.apply([.announce(RecordedAnnouncement(announcement: greet, worker: "b", firstAt: later, lastAt: later))])
        }
        let reopened = try scratch.open().announcements()
        #expect(reopened == [RecordedAnnouncement(announcement: greet, worker: "b", firstAt: first, lastAt: first.addingTimeInterval(60))])
    }
}
