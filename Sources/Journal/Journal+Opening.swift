import Foundation
import SQLite

extension Journal {
    /// The number an Interlude journal carries in its SQLite header (`PRAGMA application_id`): "ITLJ".
    static let applicationID: Int32 = 0x4954_4C4A

    /// Opens `path` as a journal: a missing file becomes a new one; an existing one must be ours,
    /// unless `replacingForeign`, which sets it aside first.
    static func open(_ path: String, synchronous: Synchronous, replacingForeign: Bool) throws -> Database {
        if let problem = foreignProblem(path) {
            guard replacingForeign else {
                throw JournalError(.notAJournal, "\(problem); refusing to use it as the journal. "
                    + "Move it away, or start with --init to set it aside and begin a new journal")
            }
            try setAside(path)
        }
        // A commit never waits for a checkpoint: a thread of the journal's own copies the WAL into the file.
        return try Database(path: path, options: .init(synchronous: synchronous, checkpoints: .inBackground))
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

    /// Moves the file (and its WAL and shared-memory files) aside, so nothing is deleted.
    private static func setAside(_ path: String) throws {
        let suffix = ".replaced-" + String(Int(Date().timeIntervalSince1970))
        for extra in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + extra) {
            try FileManager.default.moveItem(atPath: path + extra, toPath: path + suffix + extra)
        }
    }
}
