import Foundation
import JSON
import Journal
import Presentation
import Testing
import Wire

/// What a transaction writes reads back as it was applied, in its order, and each timeline keeps its limit,
/// on every engine.
@Suite struct JournalWritingTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func job(_ id: String, _ phase: Job.Phase = .queued, at offset: TimeInterval = 0) -> Job {
        Job(id: id, operation: "noop", input: .object(["n": .string(id)]), phase: phase, createdAt: now.addingTimeInterval(offset))
    }

    func entry(_ type: HistoryEntry.Kind, _ offset: Int) -> HistoryEntry {
        var entry = HistoryEntry(type, at: now.addingTimeInterval(Double(offset)))
        if type == .step { entry.step = "step-\(offset)" }
        return entry
    }

    @Test(arguments: JournalEngine.testable)
    func jobsSavedTwiceInOneTransactionKeepTheirOrderTheirKeyAndTheirLastSave(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let ids = (0..<70).map { "j\(1000 + $0)" }
        let question = try Presentation(
            .confirmationDialog("Go on?", actions: [Action(id: "go", label: "Go")]), id: "prs-j1000", job: "j1000", sequence: 1, createdAt: now)
        var changes: [JournalChange] = []
        for (offset, id) in ids.enumerated() {
            let key = offset % 3 == 0 ? Idempotency(key: "key-\(id)", operation: "noop", input: job(id).input) : nil
            changes.append(.saveJob(job(id, at: Double(offset)), idempotency: key))
            changes.append(.appendEvent(Event(sequence: Int64(2 * offset + 1), type: .jobQueued, at: now, job: job(id))))
        }
        changes.append(.addPresentation(question))
        for (offset, id) in ids.enumerated() {
            var running = job(id, .running, at: Double(offset))
            running.attempts = 1
            changes.append(.saveJob(running, idempotency: nil))
            changes.append(.appendEvent(Event(sequence: Int64(2 * offset + 2), type: .jobSucceeded, at: now, job: running)))
        }
        do {
            try scratch.open().apply(changes)
        }
        let journal = try scratch.open()
        let listed = try journal.jobs(state: nil, limit: 100, after: nil).compactMap(\.job)
        #expect(listed.map(\.id) == ids.reversed(), "in the order of each job's first save")
        #expect(listed.allSatisfy { $0.attempts == 1 }, "as each job was last saved")
        #expect(try journal.countsByState()["running"] == 70)
        #expect(try journal.job("j1000")?.presentation == question, "with its question")
        #expect(try journal.job(idempotencyKey: "key-j1003")?.job.id == "j1003", "the key of the first save stays")
        #expect(try journal.job(idempotencyKey: "key-j1004") == nil)
        let events = try journal.events(after: 0, limit: 200)
        #expect(events.map(\.sequence) == Array(1...140))
        #expect(events.compactMap(\.event?.job?.id) == ids.flatMap { [$0, $0] })
        #expect(events.last?.event?.type == .jobSucceeded)
    }

    @Test(arguments: JournalEngine.testable)
    func timelinesOfSeveralJobsReadBackInTheOrderTheyWereWritten(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let journal = try scratch.open()
        // j1 is submitted here; j0 was before this journal was opened (its rows are counted by the database).
        try journal.apply([.appendHistory(job: "j0", entry(.step, 0))])
        let reopened = try scratch.open()
        try reopened.apply([
            .appendHistory(job: "j1", entry(.queued, 1)), .appendHistory(job: "j0", entry(.step, 2)),
            .appendHistory(job: "j1", entry(.dispatched, 3)), .appendHistory(job: "j0", entry(.finished, 4)),
            .appendHistory(job: "j1", entry(.step, 5)),
        ])
        try reopened.apply([.appendHistory(job: "j1", entry(.finished, 6))])
        #expect(try reopened.timeline(of: "j0", after: nil, limit: 10).map(\.entry) == [entry(.step, 0), entry(.step, 2), entry(.finished, 4)])
        #expect(
            try reopened.timeline(of: "j1", after: nil, limit: 10).map(\.entry) == [
                entry(.queued, 1), entry(.dispatched, 3), entry(.step, 5), entry(.finished, 6),
            ])
    }

    @Test(arguments: JournalEngine.testable)
    func aJobSubmittedHereKeepsItsLimitAcrossTransactionsAndReopening(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let limit = Journal.historyLimit
        do {
            let journal = try scratch.open()
            try journal.apply([.appendHistory(job: "j1", entry(.queued, 0))])
            for start in stride(from: 1, to: limit - 10, by: 200) {
                try journal.apply((start..<min(start + 200, limit - 10)).map { .appendHistory(job: "j1", entry(.step, $0)) })
            }
        }
        let journal = try scratch.open()
        try journal.apply((limit - 10..<limit + 10).map { .appendHistory(job: "j1", entry(.step, $0)) })
        try journal.apply([.appendHistory(job: "j2", entry(.queued, 0))] + (1..<limit + 10).map { .appendHistory(job: "j2", entry(.step, $0)) })
        try journal.apply([.appendHistory(job: "j1", entry(.finished, 5_000)), .appendHistory(job: "j2", entry(.finished, 5_000))])
        for job in ["j1", "j2"] {
            let kept = try journal.timeline(of: job, after: nil, limit: 5_000)
            #expect(kept.count == limit + 1, "\(job)")
            #expect(kept.dropLast().last?.entry.step == "step-\(limit - 1)", "\(job): the first entries are kept")
            #expect(kept.last?.entry.type == .finished, "\(job)")
        }
    }

    @Test(arguments: JournalEngine.testable)
    func entriesOfAFailedTransactionDoNotCountAgainstTheLimit(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let journal = try scratch.open()
        let limit = Journal.historyLimit
        try journal.apply([.appendHistory(job: "j1", entry(.queued, 0)), .appendEvent(Event(sequence: 1, type: .jobQueued, at: now, job: job("j1")))])
        #expect(throws: (any Error).self) {
            // The repeated event sequence fails the whole transaction: none of these entries is written.
            try journal.apply((1..<500).map { .appendHistory(job: "j1", entry(.step, $0)) } + [.appendEvent(Event(sequence: 1, type: .jobQueued, at: now))])
        }
        try journal.apply((1..<limit + 5).map { .appendHistory(job: "j1", entry(.step, $0)) })
        #expect(try journal.timeline(of: "j1", after: nil, limit: 5_000).count == limit)
    }
}
