public import Foundation
import JSON
import Presentation
import SQLite
public import Wire

extension Journal {
    /// What `interlude journal check` found.
    public struct CheckReport: Sendable {
        /// The file checked.
        public var path: String
        /// SQLite's `integrity_check` findings; empty when the file is sound.
        public var damage: [String] = []
        /// Jobs whose rows (or whose questions', steps' rows) cannot be read back.
        public var unreadable: [Quarantine] = []
        /// How many jobs and events were read.
        public var jobs = 0
        public var events = 0

        /// Whether nothing is wrong.
        public var isSound: Bool { damage.isEmpty && unreadable.isEmpty }
    }

    /// Checks the journal in `folder` without changing it (a broker may be running): SQLite's full
    /// `integrity_check`, then every job, question, step and event row read back.
    public static func check(folder: URL) throws -> CheckReport {
        let path = folder.appendingPathComponent(fileName).path
        guard FileManager.default.fileExists(atPath: path) else { throw JournalError(.notAJournal, "there is no journal at \(path)") }
        let database = try reader(path)
        var report = CheckReport(path: path)
        report.damage = try database.integrityCheck()
        for row in try database.query("SELECT id, body FROM jobs") {
            report.jobs += 1
            if let problem = problem(job: row.string("id") ?? "?", body: row.string("body"), in: database) {
                report.unreadable.append(problem)
            }
        }
        for row in try database.query("SELECT sequence, body FROM events") {
            report.events += 1
            if (try? decode(Event.self, row.string("body"))) == nil {
                report.unreadable.append(Quarantine(job: "event \(row.int("sequence") ?? 0)", reason: "the event cannot be read back"))
            }
        }
        return report
    }

    /// Copies the journal in `folder` to a new file at `destination` with SQLite's online backup API,
    /// as one consistent moment, while a broker may go on writing; then checks the copy. Returns its size in pages.
    public static func backup(folder: URL, to destination: String) throws -> Int {
        let path = folder.appendingPathComponent(fileName).path
        guard FileManager.default.fileExists(atPath: path) else { throw JournalError(.notAJournal, "there is no journal at \(path)") }
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw JournalError(.notAJournal, "\(destination) already exists; a backup is written to a new file")
        }
        let pages = try reader(path).backup(to: destination)
        let problems = try Database(path: destination, options: .init(readOnly: true)).quickCheck()
        guard problems.isEmpty else {
            throw JournalError(.corrupt, "the backup at \(destination) does not check: \(problems.prefix(3).joined(separator: "; "))")
        }
        return pages
    }

    /// Why the job's row, or one of its questions' or steps' rows, cannot be read back; nil when all can.
    private static func problem(job id: String, body: String?, in database: Database) -> Quarantine? {
        do {
            _ = try decode(Job.self, body)
            for presentation in try database.query("SELECT body, resolution FROM presentations WHERE job = ?", .text(id)) {
                _ = try decode(Presentation.self, presentation.string("body"))
                if let resolution = presentation.string("resolution") { _ = try decode(Resolution.self, resolution) }
            }
            for step in try database.query("SELECT value FROM steps WHERE job = ?", .text(id)) {
                _ = try decode(RawJSON.self, step.string("value"))
            }
            return nil
        } catch {
            return Quarantine(job: id, reason: "\(error)")
        }
    }

    /// A read-only connection that a running broker does not notice.
    private static func reader(_ path: String) throws -> Database {
        let opened = Result { () throws(SQLiteError) -> Database in
            let database = try Database(path: path, options: .init(readOnly: true))
            _ = try database.tableNames()
            return database
        }
        if case .failure(let error) = opened, error.isNotADatabase {
            throw JournalError(.notAJournal, "\(path) is not a SQLite database (\(error.message))")
        }
        return try opened.get()
    }
}
