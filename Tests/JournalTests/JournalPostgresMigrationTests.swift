import Foundation
import JSON
import PostgreSQL
import Presentation
import SQLite
import TestSupport
import Testing
import Wire

@testable import Journal

/// A PostgreSQL journal written before idempotency keys were indexed only where present (migration 7 drops
/// the column's `UNIQUE` constraint for a partial unique index) keeps its rows and their order, keys still
/// unique, jobs without one as many as wanted, references still checked — as `JournalMigrationTests` on SQLite.
@Suite(.enabled(if: PrivatePostgres.isAvailable, Comment(rawValue: PrivatePostgres.unavailable)))
struct JournalPostgresMigrationTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func anOldJournalKeepsItsRowsAndIndexesOnlyRealKeys() async throws {
        let database = try await PrivatePostgres.schema()
        // The journal as the previous version left it: every migration up to 6, jobs written as it wrote them.
        try PostgresJournalDatabase(url: database.url, timeout: .seconds(10)).migrate(PostgresSchema.migrations.filter { $0.version <= 6 })
        let old = try PostgresConnection(url: database.url)
        for index in 0..<40 {
            let key: PostgresValue = index % 10 == 0 ? .text("key-\(index)") : .null
            let job = Job(id: "j\(index)", operation: "noop", input: .null, phase: index < 20 ? .succeeded : .queued, createdAt: now)
            try old.run(
                """
                INSERT INTO jobs (id, operation, state, idempotency_key, request_digest, created_at, updated_at, body)
                VALUES ($1, 'noop', $2, $3, $4, '2027-01-15T08:00:00.000Z', '2027-01-15T08:00:00.000Z', $5)
                """,
                [
                    .text("j\(index)"), .text(index < 20 ? "succeeded" : "queued"), key, index % 10 == 0 ? .text("digest-\(index)") : .null,
                    .text(try JSONWriter.text(job)),
                ])
        }
        // Rowids with a gap, as deletions (retention) leave them.
        try old.run("DELETE FROM jobs WHERE id = 'j3'")
        let question = try Presentation(
            .confirmationDialog("Go on?", actions: [Action(id: "go", label: "Go")]), id: "prs-j25", job: "j25", sequence: 1, createdAt: now)
        try old.run("INSERT INTO presentations (id, job, sequence, body) VALUES ('prs-j25', 'j25', 1, $1)", [.text(try JSONWriter.text(question))])
        try old.run("INSERT INTO steps (job, name, value) VALUES ('j25', 'fetched', '1')")
        let rowsBefore = try Self.rows(old)
        #expect(try Self.keyIndexes(old) == ["CREATE UNIQUE INDEX jobs_idempotency_key_key ON \(database.name).jobs USING btree (idempotency_key)"])
        #expect(try Self.versions(old) == Array(1...6))

        let journal = try Journal(postgres: database.url)
        let after = try PostgresConnection(url: database.url)
        #expect(try Self.versions(after) == Array(1...7) + [9, 10])
        #expect(try Self.rows(after) == rowsBefore && rowsBefore.count == 39)
        #expect(
            try Self.keyIndexes(after) == [
                "CREATE UNIQUE INDEX jobs_by_idempotency_key ON \(database.name).jobs USING btree (idempotency_key) WHERE (idempotency_key IS NOT NULL)"
            ])
        #expect(
            try after.query("SELECT conname FROM pg_constraint WHERE conrelid = 'jobs'::regclass AND contype = 'u'").compactMap { $0.string("conname") }
                == ["jobs_rowid_key"], "the column's UNIQUE constraint is gone, rowid's stays")

        // Keys found, still unique; jobs without one as many as wanted.
        #expect(try journal.job(idempotencyKey: "key-30")?.job.id == "j30")
        #expect(try journal.job(idempotencyKey: "key-30")?.digest == "digest-30")
        let again = Job(id: "j99", operation: "noop", input: .null, createdAt: now)
        #expect(throws: (any Error).self) { try journal.apply([.saveJob(again, idempotency: Idempotency(key: "key-30", operation: "noop", input: .null))]) }
        try journal.apply([.saveJob(again, idempotency: nil), .saveJob(Job(id: "j100", operation: "noop", input: .null, createdAt: now), idempotency: nil)])
        try journal.apply([
            .saveJob(
                Job(id: "j101", operation: "noop", input: .null, createdAt: now), idempotency: Idempotency(key: "key-new", operation: "noop", input: .null))
        ])
        #expect(try journal.job(idempotencyKey: "key-new")?.job.id == "j101")
        #expect(
            try after.query("SELECT count(*) AS n FROM jobs WHERE idempotency_key IS NULL").first?.int("n") == 35 + 2, "36 without a key, one deleted, two new")
        // References are still checked: a question of a job that does not exist is refused.
        #expect(throws: (any Error).self) { try after.run("INSERT INTO presentations (id, job, sequence, body) VALUES ('x', 'nobody', 1, '{}')") }
        // The unfinished jobs come back with their questions, in rowid order (new rows after the old ones).
        let recovered = try journal.recover().jobs
        #expect(recovered.map(\.0.id) == (20..<40).map { "j\($0)" } + ["j99", "j100", "j101"])
        #expect(recovered.first { $0.0.id == "j25" }?.1.current == question)
        // Opening it again applies nothing twice.
        _ = try Journal(postgres: database.url)
        #expect(try Self.versions(after) == Array(1...7) + [9, 10])
    }

    /// Every job row as text, with its rowid.
    static func rows(_ connection: PostgresConnection) throws -> [String] {
        try connection.query("SELECT rowid, id, state, idempotency_key, request_digest, body FROM jobs ORDER BY rowid").map { row in
            [row.string("rowid"), row.string("id"), row.string("state"), row.string("idempotency_key"), row.string("request_digest"), row.string("body")]
                .map { $0 ?? "NULL" }.joined(separator: "|")
        }
    }

    /// The definitions of the indexes on `jobs` that cover `idempotency_key` (a `UNIQUE` constraint has one too).
    static func keyIndexes(_ connection: PostgresConnection) throws -> [String] {
        try connection.query("SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'jobs' ORDER BY indexname")
            .compactMap { $0.string("indexdef") }.filter { $0.contains("(idempotency_key)") }
    }

    /// The schema versions recorded as applied.
    static func versions(_ connection: PostgresConnection) throws -> [Int] {
        try connection.query("SELECT version FROM interlude_schema ORDER BY version").compactMap { $0.int("version").map(Int.init) }
    }
}
