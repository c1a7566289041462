import Foundation
import Journal
import Testing
import Wire

/// A job's timeline in the journal, the same on every engine.
@Suite struct JournalHistoryTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func entry(_ type: HistoryEntry.Kind, _ offset: TimeInterval) -> HistoryEntry {
        var entry = HistoryEntry(type, at: now.addingTimeInterval(offset))
        if type == .step { entry.step = "step-\(Int(offset))" }
        return entry
    }

    @Test(arguments: JournalEngine.testable)
    func aTimelineReadsBackInOrderAPageAtATimeAndSurvivesReopening(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        do {
            let journal = try scratch.open()
            try journal.apply([
                .appendHistory(job: "j1", entry(.queued, 0)), .appendHistory(job: "j2", entry(.queued, 0)),
                .appendHistory(job: "j1", entry(.dispatched, 1)), .appendHistory(job: "j1", entry(.step, 2)),
                .appendHistory(job: "j1", entry(.finished, 3)),
            ])
        }
        let journal = try scratch.open()
        let first = try journal.timeline(of: "j1", after: nil, limit: 2)
        #expect(first.map(\.entry.type) == [.queued, .dispatched])
        let rest = try journal.timeline(of: "j1", after: first.last?.cursor, limit: 10)
        #expect(rest.map(\.entry) == [entry(.step, 2), entry(.finished, 3)], "entries read back as written")
        #expect(try journal.timeline(of: "j2", after: nil, limit: 10).map(\.entry.type) == [.queued], "each job its own")
        #expect(try journal.timeline(of: "j3", after: nil, limit: 10).isEmpty)
    }

    @Test(arguments: JournalEngine.testable)
    func pastItsLimitAJobKeepsOnlyTheEntryThatSaysHowItEnded(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        let journal = try scratch.open()
        let many = (0..<(Journal.historyLimit + 5)).map { JournalChange.appendHistory(job: "j1", entry(.step, Double($0))) }
        try journal.apply(many + [.appendHistory(job: "j1", entry(.finished, 99_999))])
        let kept = try journal.timeline(of: "j1", after: nil, limit: 5_000)
        #expect(kept.count == Journal.historyLimit + 1)
        #expect(kept.last?.entry.type == .finished)
        #expect(kept.dropLast().last?.entry.step == "step-\(Journal.historyLimit - 1)", "the first entries are kept, later ones dropped")
    }

    @Test(arguments: JournalEngine.testable)
    func refusalsPastTheirOwnLimitAreCountedApartAndNeverTakeTheRoomOfAResolutionAStepOrTheFinish(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        func refusal(_ offset: Int) -> JournalChange {
            var refused = entry(.refused, Double(offset))
            refused.by = "stranger-\(offset)"
            return .appendHistory(job: "j1", refused)
        }
        var resolved = entry(.resolved, 20_000)
        resolved.by = "ana"
        do {
            // Counted by the journal from its queued entry on.
            let journal = try scratch.open()
            try journal.apply(
                [.appendHistory(job: "j1", entry(.queued, 0))] + (1...(Journal.historyLimit + 10)).map(refusal) + [
                    .appendHistory(job: "j1", entry(.step, 10_000))
                ])
        }
        // Reopened: the job's rows are counted by the database.
        let journal = try scratch.open()
        try journal.apply(
            (1...10).map { refusal(15_000 + $0) } + [
                .appendHistory(job: "j1", resolved), .appendHistory(job: "j1", entry(.step, 20_001)), .appendHistory(job: "j1", entry(.finished, 20_002)),
            ])
        let kept = try journal.timeline(of: "j1", after: nil, limit: 5_000).map(\.entry)
        #expect(kept.filter { $0.type == .refused }.map(\.by) == (1...Journal.refusalLimit).map { "stranger-\($0)" }, "the first refusals are kept")
        #expect(try journal.refusalsOmitted(of: "j1") == Journal.historyLimit + 20 - Journal.refusalLimit, "every later one is counted")
        #expect(kept.filter { $0.type != .refused } == [entry(.queued, 0), entry(.step, 10_000), resolved, entry(.step, 20_001), entry(.finished, 20_002)])
        #expect(try journal.refusalsOmitted(of: "j2") == 0)
    }
}
