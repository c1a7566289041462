import Foundation
import JSON
import Journal
import Presentation
import SQLite
import Testing
import Wire

/// Retention: what is pruned and what is kept, the same on every engine.
@Suite struct JournalRetentionTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let day: TimeInterval = 86_400

    func job(_ id: String, _ phase: Job.Phase, updated age: TimeInterval) -> Job {
        Job(id: id, operation: "noop", input: .object([:]), phase: phase, createdAt: now.addingTimeInterval(-age - 60), updatedAt: now.addingTimeInterval(-age))
    }

    func event(_ sequence: Int64, _ job: Job, age: TimeInterval) -> JournalChange {
        .appendEvent(Event(sequence: sequence, type: .jobQueued, at: now.addingTimeInterval(-age), job: job))
    }

    @Test(arguments: JournalEngine.testable)
    func finishedJobsAndEventsOlderThanTheCutoffArePrunedTheRestKept(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let journal = try scratch.open()
        let old = job("old", .succeeded, updated: 10 * day)
        let oldFailed = job("old-failed", .failed, updated: 9 * day)
        let recent = job("recent", .succeeded, updated: day)
        let waiting = job("waiting", .running, updated: 10 * day)
        let question = try Presentation(
            .confirmationDialog("Remove download", actions: [Action(id: "remove", label: "Remove")]), id: "prs-old", job: "old", sequence: 1,
            createdAt: now.addingTimeInterval(-10 * day))
        try journal.apply([
            .saveJob(old, idempotency: Idempotency(key: "key-old", operation: old.operation, input: old.input)), .addPresentation(question),
            .recordStep(job: "old", name: "locate", value: .string("x")),
            .saveJob(oldFailed, idempotency: nil), .saveJob(recent, idempotency: nil), .saveJob(waiting, idempotency: nil),
            event(1, old, age: 10 * day), event(2, oldFailed, age: 9 * day), event(3, waiting, age: 8 * day),
            event(4, recent, age: day), event(5, recent, age: 0),
        ])
        let pruned = try journal.prune(before: now.addingTimeInterval(-7 * day))
        #expect(pruned == Pruned(jobs: 2, events: 3, isFull: false))
        #expect(try journal.job("old") == nil && journal.job("old-failed") == nil)
        #expect(try journal.job(idempotencyKey: "key-old") == nil)
        #expect(try journal.presentation("prs-old") == nil)
        #expect(try journal.history(of: "old").steps.isEmpty)
        #expect(try journal.job("recent") != nil, "newer than the cutoff")
        #expect(try journal.job("waiting") != nil, "unfinished jobs are never pruned")
        #expect(try journal.events(after: 0, limit: 10).map(\.sequence) == [4, 5])
        #expect(try journal.oldestEventSequence() == 4)
        #expect(try journal.prune(before: now.addingTimeInterval(-7 * day)) == Pruned(), "nothing more to do")
    }

    @Test(arguments: JournalEngine.testable)
    func batchesAreSmallAndTheNewestEventIsKeptSoTheSequenceGoesOn(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let journal = try scratch.open()
        var changes: [JournalChange] = []
        for index in 0..<25 {
            let finished = job("j\(index)", .succeeded, updated: 30 * day)
            changes += [.saveJob(finished, idempotency: nil), event(Int64(index + 1), finished, age: 30 * day)]
        }
        try journal.apply(changes)
        let first = try journal.prune(before: now, limit: 10)
        #expect(first.jobs == 10 && first.isFull)
        var rest = Pruned()
        while true {
            let batch = try journal.prune(before: now, limit: 10)
            rest.jobs += batch.jobs
            rest.events += batch.events
            if !batch.isFull { break }
        }
        #expect(first.jobs + rest.jobs == 25)
        #expect(first.events + rest.events == 24, "every event but the newest")
        #expect(try journal.lastEventSequence() == 25, "the next event is 26, after everything pruned")
    }

    @Test func aNewSQLiteJournalGivesPrunedSpaceBack() async throws {
        let scratch = try await JournalEngine.sqlite.scratch()
        let journal = try scratch.open()
        guard case .sqlite(let folder, _) = scratch.location else { return }
        let path = folder.appendingPathComponent("journal.sqlite").path
        let bulky = RawJSON.string(String(repeating: "x", count: 4_000))
        var changes: [JournalChange] = []
        for index in 0..<300 {
            var finished = job("j\(index)", .succeeded, updated: 30 * day)
            finished.result = bulky
            changes += [.saveJob(finished, idempotency: nil), event(Int64(index + 1), finished, age: 30 * day)]
        }
        try journal.apply(changes)
        let inspector = try Database(path: path)
        let pages = { try inspector.query("PRAGMA page_count").first?.int("page_count") ?? 0 }
        #expect(try inspector.query("PRAGMA auto_vacuum").first?.int("auto_vacuum") == 2, "incremental")
        let full = try pages()
        while try journal.prune(before: now, limit: 100).isFull {}
        let after = try pages()
        #expect(after < full / 4, "the pages of pruned jobs went back to the file system: \(full) → \(after)")
    }
}
