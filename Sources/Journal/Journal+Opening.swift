import Foundation
import SQLite

extension Journal {
    /// The number an Interlude journal carries in its SQLite header (`PRAGMA application_id`): "ITLJ".
    static let applicationID: Int32 = 0x4954_4C4A

    /// Opens `path` as a journal: a missing file becomes a new one; an existing one must be ours,
    /// unless `replacingForeign`, which sets it aside first.
    static func open(_ path: String, synchronous: Synchronous, replacingForeign: Bool) throws -> Database {
        try refuseReadOnly(path)
        if let problem = foreignProblem(path) {
            guard replacingForeign else {
                throw JournalError(
                    .notAJournal,
                    "\(problem); refusing to use it as the journal. "
                        + "Move it away, or start with --init to set it aside and begin a new journal")
            }
            try setAside(path)
        }
        try refuseNewer(path)
        // A commit never waits for a checkpoint: a thread of the journal's own copies the WAL into the file.
        let file = try Database(path: path, options: .init(synchronous: synchronous, checkpoints: .inBackground))
        // SQLite opens a file it may not write read-only, silently: the first write would fail instead.
        if file.isReadOnly { throw JournalError(.readOnly, "the journal \(path) is read-only: SQLite could open it for reading only") }
        return file
    }

    /// Refuses a journal that cannot be written (a read-only file or mount, or a folder where its write-ahead
    /// log cannot be made) before anything reads it, so it is never served until the first write fails, nor
    /// taken for something that is not a journal.
    private static func refuseReadOnly(_ path: String) throws(JournalError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        for (target, what) in [(path, "the file"), (folder, "its folder \(folder)")] where FileManager.default.fileExists(atPath: target) {
            guard access(target, W_OK) != 0 else { continue }
            let reason = String(cString: strerror(errno))
            throw JournalError(.readOnly, "the journal \(path) is read-only: \(what) cannot be written (\(reason))")
        }
    }

    /// Why the file at `path` is not an Interlude journal, or nil when it is one or there is none yet.
    /// Ours by its header, or, from before the header was written, by its tables.
    private static func foreignProblem(_ path: String) -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
        if size == 0 { return "\(path) is an empty file, not a journal" }
        guard let database = try? Database(path: path, options: .init(readOnly: true)), let id = try? database.applicationID,
            let tables = try? Set(database.tableNames())
        else { return "\(path) is not a SQLite database" }
        if id == applicationID { return nil }
        if id == 0, tables.isSuperset(of: ["jobs", "presentations", "steps", "events"]) { return nil }
        if tables.isEmpty { return "\(path) is a SQLite database with no tables, not a journal" }
        return "\(path) is another program's SQLite database (tables: \(tables.sorted().joined(separator: ", "))), not an Interlude journal"
    }

    /// Refuses a journal written by a newer Interlude, before anything is written to it: one that records a
    /// migration this build does not have (`schema_migrations`), or a `user_version` past the newest it knows.
    private static func refuseNewer(_ path: String) throws(JournalError) {
        guard FileManager.default.fileExists(atPath: path), let file = try? Database(path: path, options: .init(readOnly: true)) else { return }
        let known = Set(Schema.migrations.map(\.version))
        let newest = known.max() ?? 0
        var unknown = Set<Int>()
        if let version = try? file.userVersion, version > newest { unknown.insert(version) }
        if let rows = try? file.query("SELECT version FROM schema_migrations") {
            unknown.formUnion(rows.compactMap { $0.int("version").map(Int.init) }.filter { !known.contains($0) })
        }
        guard let newer = unknown.max() else { return }
        throw JournalError(
            .newerSchema,
            "the journal \(path) has schema version \(newer), which this Interlude does not know (it knows up to \(newest)): "
                + "it was written by a newer Interlude; run that one, or restore a backup this one made")
    }

    /// Moves the file (and its WAL and shared-memory files) aside, so nothing is deleted.
    private static func setAside(_ path: String) throws {
        let suffix = ".replaced-" + String(Int(Date().timeIntervalSince1970))
        for extra in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + extra) {
            try FileManager.default.moveItem(atPath: path + extra, toPath: path + suffix + extra)
        }
    }
}
