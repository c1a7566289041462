import Foundation
import JSON
import Journal
import Presentation
import Testing
import Wire

/// A dispatch writes its timeline entry, not the job's row; the attempt is never lost: a recovery counts the
/// entries, and where an entry may not be written the row is saved instead, on every engine.
@Suite struct JournalDispatchTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func job(_ id: String, _ phase: Job.Phase, attempts: Int) -> Job {
        Job(id: id, operation: "noop", input: .object([:]), phase: phase, attempts: attempts, createdAt: now, updatedAt: now)
    }

    func dispatched(_ attempt: Int) -> HistoryEntry {
        var entry = HistoryEntry(.dispatched, at: now.addingTimeInterval(Double(attempt)))
        (entry.worker, entry.attempt) = ("w", attempt)
        return entry
    }

    @Test(arguments: JournalEngine.testable)
    func aDispatchWritesItsEntryNotTheRowAndARecoveryCountsTheAttempts(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let journal = try scratch.open()
        try journal.apply([.saveJob(job("j1", .queued, attempts: 0), idempotency: nil), .appendHistory(job: "j1", HistoryEntry(.queued, at: now))])
        try journal.apply([.dispatch(job("j1", .running, attempts: 1), dispatched(1))])
        // Its worker lost: saved queued again, as the broker saves it then.
        try journal.apply([.saveJob(job("j1", .queued, attempts: 1), idempotency: nil)])
        try journal.apply([.dispatch(job("j1", .running, attempts: 2), dispatched(2))])
        let row = try #require(try journal.job("j1"))
        #expect(row.attempts == 1 && row.state == .queued, "the row is not rewritten at a dispatch")
        #expect(try journal.timeline(of: "j1", after: nil, limit: 10).filter { $0.entry.type == .dispatched }.map(\.entry.attempt) == [1, 2])
        #expect(try scratch.open().recover().jobs.map(\.0.attempts) == [2], "a recovery counts every dispatch")
    }

    @Test(arguments: JournalEngine.testable)
    func aDispatchWhoseEntryMayNotBeWrittenSavesTheRow(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let journal = try scratch.open()
        var changes: [JournalChange] = [.saveJob(job("j1", .queued, attempts: 0), idempotency: nil), .appendHistory(job: "j1", HistoryEntry(.queued, at: now))]
        for index in 1..<Journal.historyLimit {
            var step = HistoryEntry(.step, at: now)
            step.step = "s\(index)"
            changes.append(.appendHistory(job: "j1", step))
        }
        try journal.apply(changes)
        // Past the timeline's limit the entry is left out: the row carries the attempt.
        try journal.apply([.dispatch(job("j1", .running, attempts: 7), dispatched(7))])
        #expect(try journal.job("j1")?.attempts == 7)
        #expect(try scratch.open().recover().jobs.map(\.0.attempts) == [7])
        // A journal opened again counts no timeline itself (the database does): the row is saved as well.
        let reopened = try scratch.open()
        try reopened.apply([.dispatch(job("j1", .running, attempts: 8), dispatched(8))])
        #expect(try reopened.job("j1")?.attempts == 8)
        #expect(try scratch.open().recover().jobs.map(\.0.attempts) == [8])
    }
}
