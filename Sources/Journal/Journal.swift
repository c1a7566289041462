public import Foundation
import JSON
public import PostgreSQL
import Presentation
import Primitives
public import SQLite
public import Wire

/// Durable state: jobs, presentations, resolutions, recorded steps and the event log, on SQLite (WAL,
/// the default) or on PostgreSQL (shared by several brokers, one active at a time by lease).
///
/// Owned by one thread (the broker loop). Changes are applied in one transaction per loop turn, so a
/// burst of messages pays one fsync (one pipelined commit on PostgreSQL), and nothing is acknowledged
/// before its transaction commits. Both engines run the same statements (`JournalDatabase`).
public final class Journal {
    let database: any JournalDatabase
    /// The SQLite file, or the PostgreSQL URL with its password redacted.
    public let path: String
    /// Timeline rows of recent jobs, so most entries are checked against `historyLimit` without a count.
    var historyCounts = HistoryCounts()
    /// The transactions `apply` has committed since the journal was opened: how many commits (each a sync of
    /// the disk on SQLite) the broker's turns cost.
    public private(set) var commits = 0

    /// Opens the journal in `folder` (creating it when there is no file yet), checks it with
    /// `PRAGMA quick_check` and applies any pending migrations. An empty file or one that is not an
    /// Interlude journal is refused (`notAJournal`), unless `replacingForeign`: then it is moved aside
    /// (`journal.sqlite.replaced-<time>`) and a new journal is started. A damaged one is refused (`corrupt`).
    ///
    /// Without `checked` the caller checks the file itself, alongside (`Journal.openChecking(folder:)`).
    public init(folder: URL, synchronous: Synchronous = .full, replacingForeign: Bool = false, checked: Bool = true) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent(Self.fileName).path
        let file = try Self.open(path, synchronous: synchronous, replacingForeign: replacingForeign)
        if checked { try Self.refuseDamaged(path, problems: try file.quickCheck()) }
        // A new file gives the pages pruning empties back (`Journal.prune`); chosen only before the first table.
        if try file.query("SELECT COUNT(*) AS n FROM sqlite_master").first?.int("n") == 0 {
            // The file already has its header (WAL): a VACUUM of the empty file applies the mode.
            try file.execute("PRAGMA auto_vacuum = INCREMENTAL")
            try file.execute("VACUUM")
        }
        try file.migrate(Schema.migrations)
        if try file.applicationID != Self.applicationID { try file.setApplicationID(Self.applicationID) }
        database = file
    }

    /// The journal's file name in its folder.
    public static let fileName = "journal.sqlite"

    /// Opens the journal in the PostgreSQL database at `url`, applying any pending migrations; a server
    /// that cannot be reached, refuses the credentials or holds a newer schema throws one clear error
    /// (the password never in it). Every wait for the server is bounded by `timeout`.
    public init(postgres url: PostgresURL, timeout: Duration = .seconds(10)) throws {
        let database = try PostgresJournalDatabase(url: url, timeout: timeout)
        try database.migrate(PostgresSchema.migrations)
        self.database = database
        path = url.redacted
    }

    /// Applies every change in one transaction: all of them become durable, or none.
    public func apply(_ changes: [JournalChange]) throws {
        guard !changes.isEmpty else { return }
        do {
            try database.transaction {
                for change in changes { try apply(change) }
            }
            commits += 1
        } catch {
            // What was counted may not have been written.
            historyCounts.forgetAll()
            throw error
        }
    }

    private func apply(_ change: JournalChange) throws {
        switch change {
        case .saveJob(let job, let idempotency):
            try save(job, idempotency: idempotency)
        case .addPresentation(let presentation):
            try database.run(
                "INSERT INTO presentations (id, job, sequence, body) VALUES (?, ?, ?, ?)",
                .text(presentation.id), .text(presentation.job), .integer(Int64(presentation.sequence)), .text(try JSONWriter.text(presentation)))
        case .escalate(let presentation):
            try database.run(
                "UPDATE presentations SET body = ? WHERE id = ? AND resolution IS NULL",
                .text(try JSONWriter.text(presentation)), .text(presentation.id))
        case .resolve(let resolution):
            try database.run(
                "UPDATE presentations SET resolution = ? WHERE id = ? AND resolution IS NULL",
                .text(try JSONWriter.text(resolution)), .text(resolution.presentation))
        case .approve(let presentation, let approvals):
            try database.run(
                "UPDATE presentations SET approvals = ? WHERE id = ? AND resolution IS NULL",
                .text(try JSONWriter.text(approvals)), .text(presentation))
        case .appendHistory(let job, let entry):
            _ = try append(entry, of: job)
        case .dispatch(let job, let entry):
            if try !append(entry, of: job.id) { try save(job, idempotency: nil) }
        case .recordStep(let job, let name, let value):
            try database.run(
                "INSERT INTO steps (job, name, value) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                .text(job), .text(name), .text(try JSONWriter.text(value)))
        case .appendEvent(let event):
            try append(event, json: try JSONWriter.text(event))
        case .appendEncodedEvent(let event, let json):
            try append(event, json: String(decoding: json, as: UTF8.self))
        case .announce(let record):
            try database.run(
                """
                INSERT INTO operations (name, body, worker, first_at, last_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(name, body) DO UPDATE SET worker = excluded.worker, last_at = excluded.last_at
                """,
                .text(record.announcement.name), .text(try Self.json(record.announcement)), .text(record.worker),
                .text(Timestamp.string(record.firstAt)), .text(Timestamp.string(record.lastAt)))
        }
    }

    /// The most timeline entries a job keeps (its `finished` entry comes on top): a job that asks again
    /// and again cannot grow the journal without end.
    public static let historyLimit = 1_000

    private func save(_ job: Job, idempotency: Idempotency?) throws {
        var stored = job
        stored.presentation = nil
        try database.run(
            """
            INSERT INTO jobs (id, operation, state, idempotency_key, request_digest, created_at, updated_at, body)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at, body = excluded.body
            """,
            .text(job.id), .text(job.operation), .text(job.state.rawValue), SQLValue(idempotency?.key), SQLValue(idempotency?.digest),
            .text(Timestamp.string(job.createdAt)), .text(Timestamp.string(job.updatedAt)), .text(try JSONWriter.text(stored)))
    }

    /// The most refusals (answers a question did not take) a job's timeline keeps; the later ones are only
    /// counted (`refusalsOmitted(of:)`). Refusals are counted apart, so however many anyone sends, they never
    /// take the room of the job's own entries.
    public static let refusalLimit = 20

    /// Appends a timeline entry; bounded: past `historyLimit` entries only the one that says how the job ended is
    /// added, and past `refusalLimit` refusals a refusal is only counted. Returns whether the entry is surely
    /// written (false when skipped, or left to the database's count).
    private func append(_ entry: HistoryEntry, of job: String) throws -> Bool {
        let values: [SQLValue] = [.text(job), .text(Timestamp.string(entry.at)), .text(entry.type.rawValue), .text(try JSONWriter.text(entry))]
        let refused = entry.type == .refused
        switch historyCounts.admit(entry.type, of: job, limit: Self.historyLimit, refusalLimit: Self.refusalLimit) {
        case .write:
            try database.run("INSERT INTO history (job, at, type, body) VALUES (?, ?, ?, ?)", values)
            return true
        case .skip:
            return false
        case .omitRefusal:
            try database.run(Self.countOmitted, .text(job))
            return false
        case .countInDatabase where refused:
            // The count first: the insert below may make the job's refusals reach the limit.
            try database.run(
                """
                INSERT INTO refusals_omitted (job, omitted) SELECT ?, 1
                WHERE (SELECT COUNT(*) FROM history WHERE job = ? AND type = 'refused') >= ? \(Self.onConflict)
                """,
                .text(job), .text(job), .integer(Int64(Self.refusalLimit)))
            try database.run(
                "INSERT INTO history (job, at, type, body) SELECT ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM history WHERE job = ? AND type = 'refused') < ?",
                values + [.text(job), .integer(Int64(Self.refusalLimit))])
            return false
        case .countInDatabase:
            try database.run(
                "INSERT INTO history (job, at, type, body) SELECT ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM history WHERE job = ? AND type <> 'refused') < ?",
                values + [.text(job), .integer(Int64(Self.historyLimit))])
            return false
        }
    }

    /// One more refusal of a job left out of its timeline.
    private static let countOmitted = "INSERT INTO refusals_omitted (job, omitted) VALUES (?, 1) \(onConflict)"
    private static let onConflict = "ON CONFLICT (job) DO UPDATE SET omitted = refusals_omitted.omitted + 1"

    private func append(_ event: Event, json: String) throws {
        try database.run(
            "INSERT INTO events (sequence, type, job, at, body) VALUES (?, ?, ?, ?, ?)",
            .integer(event.sequence), .text(event.type.rawValue), event.job.map { .text($0.id) } ?? .null,
            .text(Timestamp.string(event.at)), .text(json))
    }

    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self)
    }

    /// Reads a job, presentation or resolution with the hand-written reader (one pass, no `Codable`).
    static func decode<T: Decodable & JSONReadable>(_ type: T.Type, _ text: String?) throws -> T {
        guard let text else { throw JournalError(.unreadableRow, "missing JSON column for \(T.self)") }
        do {
            return try JSONReader.read(T.self, from: text)
        } catch {
            throw JournalError(.unreadableRow, "\(T.self): \(error)")
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String?) throws -> T {
        guard let text else { throw JournalError(.unreadableRow, "missing JSON column for \(T.self)") }
        do {
            return try JSONCoding.decoder.decode(T.self, from: Data(text.utf8))
        } catch let error as DecodingError {
            throw JournalError(.unreadableRow, "\(T.self): \(error.readable)")
        } catch {
            throw JournalError(.unreadableRow, "\(T.self): \(error)")
        }
    }
}
