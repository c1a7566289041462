import Foundation
import JSON
import Presentation
import Primitives
import SQLite
public import Wire

extension Journal {
    /// A job with its pending presentation, or `nil` when the id is unknown.
    public func job(_ id: String) throws -> Job? {
        guard let row = try database.query("SELECT body FROM jobs WHERE id = ?", .text(id)).first else { return nil }
        return try withPending(Self.decode(Job.self, row.string("body")))
    }

    /// The job created with this idempotency key, and the digest of the request that created it
    /// (computed from the job for rows written before digests were kept).
    public func job(idempotencyKey key: String) throws -> (job: Job, digest: String)? {
        guard let row = try database.query("SELECT body, request_digest FROM jobs WHERE idempotency_key = ?", .text(key)).first else { return nil }
        let job = try withPending(Self.decode(Job.self, row.string("body")))
        return (job, row.string("request_digest") ?? Idempotency.digest(operation: job.operation, input: job.input))
    }

    /// Jobs newest first, after the cursor `after` (the `cursor` of a job an earlier page ended on),
    /// at most `limit`; each with the cursor a page ending on it hands out.
    public func jobs(state: Job.State?, limit: Int, after: String?) throws -> [(cursor: String, job: Job?)] {
        try jobs(states: state.map { [$0] }, limit: limit, after: after)
    }

    /// Jobs in any of `states` (every job when nil), newest first, paged as `jobs(state:limit:after:)`.
    public func jobs(states: [Job.State]?, limit: Int, after: String?) throws -> [(cursor: String, job: Job?)] {
        var sql = "SELECT rowid, body FROM jobs WHERE 1 = 1"
        var values: [SQLValue] = []
        if let states, !states.isEmpty {
            sql += " AND state IN (\(Array(repeating: "?", count: states.count).joined(separator: ", ")))"
            values += states.map { .text($0.rawValue) }
        }
        if let after, let cursor = Int64(after) {
            sql += " AND rowid < ?"
            values.append(.integer(cursor))
        }
        sql += " ORDER BY rowid DESC LIMIT ?"
        values.append(.integer(Int64(limit)))
        // A row that cannot be read is passed over (with its cursor, so paging goes on past it).
        return try database.query(sql, values).map { row in
            (String(row.int("rowid") ?? 0), try? withPending(Self.decode(Job.self, row.string("body"))))
        }
    }

    /// A presentation, its resolution once resolved, and its job's operation.
    public func presentation(_ id: String) throws -> BrokerReply.PresentationState? {
        let rows = try database.query(
            "SELECT p.body, p.resolution, j.operation FROM presentations p JOIN jobs j ON j.id = p.job WHERE p.id = ?", .text(id))
        guard let row = rows.first else { return nil }
        let resolution = try row.string("resolution").map { try Self.decode(Resolution.self, $0) }
        return BrokerReply.PresentationState(
            presentation: try Self.decode(Presentation.self, row.string("body")), resolution: resolution, operation: row.string("operation"))
    }

    /// What earlier attempts of a job recorded: steps by name, resolutions by sequence.
    public func history(of job: String) throws -> History {
        var history = History()
        for row in try database.query("SELECT name, value FROM steps WHERE job = ?", .text(job)) {
            if let name = row.string("name") { history.steps[name] = try Self.decode(RawJSON.self, row.string("value")) }
        }
        let resolved = try database.query(
            "SELECT sequence, resolution FROM presentations WHERE job = ? AND resolution IS NOT NULL ORDER BY sequence", .text(job))
        history.answered = try resolved.map {
            History.Answered(sequence: Int($0.int("sequence") ?? 0), resolution: try Self.decode(Resolution.self, $0.string("resolution")))
        }
        return history
    }

    /// A job's timeline entries after the cursor `after` (an entry's `cursor`), oldest first, at most `limit`.
    public func timeline(of job: String, after: Int64?, limit: Int) throws -> [(cursor: Int64, entry: HistoryEntry)] {
        try database.query(
            "SELECT id, body FROM history WHERE job = ? AND id > ? ORDER BY id LIMIT ?", .text(job), .integer(after ?? 0), .integer(Int64(limit))
        ).map { ($0.int("id") ?? 0, try Self.decode(HistoryEntry.self, $0.string("body"))) }
    }

    /// How many refusals of the job were left out of its timeline, past `Journal.refusalLimit`.
    public func refusalsOmitted(of job: String) throws -> Int {
        Int(try database.query("SELECT omitted FROM refusals_omitted WHERE job = ?", .text(job)).first?.int("omitted") ?? 0)
    }

    /// Events after `sequence`, oldest first, each with its sequence; one whose row cannot be read is nil.
    public func events(after sequence: Int64, limit: Int) throws -> [(sequence: Int64, event: Event?)] {
        try database.query("SELECT sequence, body FROM events WHERE sequence > ? ORDER BY sequence LIMIT ?", .integer(sequence), .integer(Int64(limit)))
            .map { ($0.int("sequence") ?? 0, try? Self.decode(Event.self, $0.string("body"))) }
    }

    /// How many jobs are in each state; every state is present, with 0 where there is none.
    public func countsByState() throws -> [String: Int] {
        var counts = Dictionary(uniqueKeysWithValues: Job.State.allCases.map { ($0.rawValue, 0) })
        for row in try database.query("SELECT state, COUNT(*) AS n FROM jobs GROUP BY state") {
            if let state = row.string("state") { counts[state] = Int(row.int("n") ?? 0) }
        }
        return counts
    }

    /// Every operation announcement ever made, oldest first: what the broker knows when it starts.
    public func announcements() throws -> [RecordedAnnouncement] {
        try database.query("SELECT body, worker, first_at, last_at FROM operations ORDER BY last_at, rowid").map { row in
            RecordedAnnouncement(
                announcement: try Self.decode(OperationAnnouncement.self, row.string("body")), worker: row.string("worker") ?? "",
                firstAt: try Self.date(row.string("first_at")), lastAt: try Self.date(row.string("last_at")))
        }
    }

    private static func date(_ text: String?) throws -> Date {
        guard let text, let date = Timestamp.date(text) else { throw JournalError(.unreadableRow, "unreadable time \(text ?? "NULL") in operations") }
        return date
    }

    /// The newest event's sequence, 0 when there is none.
    public func lastEventSequence() throws -> Int64 {
        try database.query("SELECT COALESCE(MAX(sequence), 0) AS last FROM events").first?.int("last") ?? 0
    }

    private func withPending(_ job: Job) throws -> Job {
        var job = job
        let rows = try database.query("SELECT body FROM presentations WHERE job = ? AND resolution IS NULL", .text(job.id))
        job.presentation = try rows.first.map { try Self.decode(Presentation.self, $0.string("body")) }
        return job
    }
}
