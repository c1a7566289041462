import Foundation
import JSON
import Presentation
import SQLite
import Testing
import Wire

@testable import Journal

/// A journal written before idempotency keys were indexed only where present is migrated in place: same rows,
/// same rowids (the pages' cursors), keys still unique, references still checked.
@Suite struct JournalMigrationTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journal-migration-\(UUID().uuidString)")
    var path: String { folder.appendingPathComponent(Journal.fileName).path }
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func anOldJournalKeepsItsRowsAndIndexesOnlyRealKeys() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The journal as the previous version left it: every migration up to 6, jobs written as it wrote them.
        let old = try Database(path: path)
        try old.migrate(Schema.migrations.filter { $0.version <= 6 })
        for index in 0..<40 {
            let key: SQLValue = index % 10 == 0 ? .text("key-\(index)") : .null
            try old.run(
                """
                INSERT INTO jobs (id, operation, state, idempotency_key, request_digest, created_at, updated_at, body)
                VALUES (?, 'noop', ?, ?, ?, '2027-01-15T08:00:00.000Z', '2027-01-15T08:00:00.000Z', ?)
                """,
                .text("j\(index)"), .text(index < 20 ? "succeeded" : "queued"), key, index % 10 == 0 ? .text("digest-\(index)") : .null,
                .text(try JSONWriter.text(Job(id: "j\(index)", operation: "noop", input: .null, phase: index < 20 ? .succeeded : .queued, createdAt: now))))
        }
        // Rowids with a gap, as deletions (retention) leave them.
        try old.run("DELETE FROM jobs WHERE id = 'j3'")
        let question = try Presentation(
            .confirmationDialog("Go on?", actions: [Action(id: "go", label: "Go")]), id: "prs-j25", job: "j25", sequence: 1, createdAt: now)
        try old.run("INSERT INTO presentations (id, job, sequence, body) VALUES ('prs-j25', 'j25', 1, ?)", .text(try JSONWriter.text(question)))
        try old.run("INSERT INTO steps (job, name, value) VALUES ('j25', 'fetched', '1')")
        let rowsBefore = try Self.rows(old)
        #expect(try Self.keyIndexes(old).count == 1, "before: the column's UNIQUE index, NULLs and all")

        let journal = try Journal(folder: folder)
        let file = try Database(path: path)
        #expect(try Self.rows(file) == rowsBefore && rowsBefore.count == 39)
        let indexes = try Self.keyIndexes(file)
        #expect(indexes.count == 1 && indexes[0].contains("WHERE idempotency_key IS NOT NULL"), "\(indexes)")
        #expect(try file.query("PRAGMA foreign_key_check").isEmpty)
        #expect(
            try file.query("SELECT name FROM sqlite_master WHERE tbl_name = 'jobs' AND type = 'index' ORDER BY name").compactMap { $0.string("name") }
                == ["jobs_by_idempotency_key", "jobs_by_state", "jobs_finished", "sqlite_autoindex_jobs_1"])

        // Keys found, still unique; jobs without one as many as wanted.
        #expect(try journal.job(idempotencyKey: "key-30")?.job.id == "j30")
        #expect(try journal.job(idempotencyKey: "key-30")?.digest == "digest-30")
        let again = Job(id: "j99", operation: "noop", input: .null, createdAt: now)
        #expect(throws: (any Error).self) { try journal.apply([.saveJob(again, idempotency: Idempotency(key: "key-30", operation: "noop", input: .null))]) }
        try journal.apply([.saveJob(again, idempotency: nil), .saveJob(Job(id: "j100", operation: "noop", input: .null, createdAt: now), idempotency: nil)])
        // References are checked again: a question of a job that does not exist is refused.
        #expect(throws: (any Error).self) { try file.run("INSERT INTO presentations (id, job, sequence, body) VALUES ('x', 'nobody', 1, '{}')") }
        // The unfinished jobs come back with their questions, in rowid order.
        let recovered = try journal.recover().jobs
        #expect(recovered.map(\.0.id) == (20..<40).map { "j\($0)" } + ["j99", "j100"])
        #expect(recovered.first { $0.0.id == "j25" }?.1.current == question)
    }

    @Test func anOldJournalDropsTheUnreadIndexOfEventsByTimeAndStillPrunesOldEvents() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The journal as the previous version left it: every migration up to 7, events written as it wrote them.
        let old = try Database(path: path)
        try old.migrate(Schema.migrations.filter { $0.version <= 7 })
        let text = ISO8601DateFormatter()
        text.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for sequence in 1...30 {
            let at = now.addingTimeInterval(Double(sequence - 30) * 86_400)
            let event = Event(sequence: Int64(sequence), type: .heartbeat, at: at)
            try old.run(
                "INSERT INTO events (sequence, type, job, at, body) VALUES (?, 'heartbeat', NULL, ?, ?)",
                .integer(Int64(sequence)), .text(text.string(from: at)), .text(try JSONWriter.text(event)))
        }
        #expect(try Self.eventIndexes(old) == ["events_by_time"])

        let journal = try Journal(folder: folder)
        let file = try Database(path: path)
        #expect(try Self.eventIndexes(file).isEmpty, "an appended event writes the table's page only")
        #expect(try file.userVersion >= 8)
        #expect(try journal.events(after: 0, limit: 100).map(\.sequence) == Array(1...30), "every event kept")
        // Events more than 10 days old (1…19) go, oldest first, in batches of at most 4 × limit.
        let first = try journal.prune(before: now.addingTimeInterval(-10.5 * 86_400), limit: 2)
        #expect(first == Pruned(events: 8, isFull: true))
        var events = first.events
        while true {
            let batch = try journal.prune(before: now.addingTimeInterval(-10.5 * 86_400), limit: 2)
            events += batch.events
            if !batch.isFull { break }
        }
        #expect(events == 19)
        #expect(try journal.oldestEventSequence() == 20)
        #expect(try journal.prune(before: now.addingTimeInterval(-10.5 * 86_400), limit: 2) == Pruned(), "the rest is newer")
    }

    /// The names of the indexes on `events` (its key, the sequence, is the table's rowid: no index).
    static func eventIndexes(_ database: Database) throws -> [String] {
        try database.query("SELECT name FROM sqlite_master WHERE tbl_name = 'events' AND type = 'index' ORDER BY name").compactMap { $0.string("name") }
    }

    /// Every job row as text, with its rowid.
    static func rows(_ database: Database) throws -> [String] {
        try database.query("SELECT rowid, id, state, idempotency_key, request_digest, body FROM jobs ORDER BY rowid").map { row in
            [
                String(row.int("rowid") ?? -1), row.string("id"), row.string("state"), row.string("idempotency_key"), row.string("request_digest"),
                row.string("body"),
            ]
            .map { $0 ?? "NULL" }.joined(separator: "|")
        }
    }

    /// The `CREATE … INDEX` texts of indexes on `jobs.idempotency_key` (SQLite's own for `UNIQUE` has none: named by its columns).
    static func keyIndexes(_ database: Database) throws -> [String] {
        try database.query("SELECT name, sql FROM sqlite_master WHERE tbl_name = 'jobs' AND type = 'index'").compactMap { row -> String? in
            guard let name = row.string("name") else { return nil }
            let columns = try database.query("SELECT name FROM pragma_index_info(?)", .text(name)).compactMap { $0.string("name") }
            return columns == ["idempotency_key"] ? (row.string("sql") ?? "UNIQUE \(name)") : nil
        }
    }
}
