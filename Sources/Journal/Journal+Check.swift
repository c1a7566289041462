import Dispatch
public import Foundation
public import SQLite
import Synchronization

extension Journal {
    /// Refuses a file `PRAGMA quick_check` found problems in (`corrupt`).
    static func refuseDamaged(_ path: String, problems: [String]) throws(JournalError) {
        guard !problems.isEmpty else { return }
        throw JournalError(
            .corrupt,
            "\(path) is damaged (PRAGMA quick_check): \(problems.prefix(3).joined(separator: "; ")); "
                + "restore a backup (interlude journal backup) or inspect it with interlude journal check")
    }

    /// Opens the SQLite journal in `folder` as `init(folder:)` does, but checks the file (`PRAGMA quick_check`,
    /// which reads every page) on a connection and thread of its own while the caller goes on, so a
    /// restarting broker reads its unfinished jobs meanwhile instead of after. The caller must `wait()` on
    /// the check (which throws `corrupt` for a damaged file) before it acts on anything it read.
    ///
    /// A new file, or one with a migration still to apply, is checked before it is opened, as `init` does:
    /// nothing is ever written to a file not yet checked. The check is then `nil`.
    public static func openChecking(
        folder: URL, synchronous: Synchronous = .full, replacingForeign: Bool = false
    ) throws -> (journal: Journal, check: IntegrityCheck?) {
        let path = folder.appendingPathComponent(fileName).path
        guard isMigrated(path) else {
            return (try Journal(folder: folder, synchronous: synchronous, replacingForeign: replacingForeign), nil)
        }
        let check = IntegrityCheck(path: path)
        do {
            return (try Journal(folder: folder, synchronous: synchronous, replacingForeign: replacingForeign, checked: false), check)
        } catch {
            // A damaged file says so, whatever opening it tripped on.
            try check.wait()
            throw error
        }
    }

    /// Whether `path` is a journal with every migration applied (read only; any doubt says no).
    private static func isMigrated(_ path: String) -> Bool {
        guard FileManager.default.fileExists(atPath: path), let file = try? Database(path: path, options: .init(readOnly: true)),
            (try? file.applicationID) == applicationID,
            let rows = try? file.query("SELECT version FROM schema_migrations")
        else { return false }
        let applied = Set(rows.compactMap { $0.int("version") })
        return Schema.migrations.allSatisfy { applied.contains(Int64($0.version)) }
    }

    /// `PRAGMA quick_check` of a journal file, running on a read-only connection and a thread of its own.
    // @unchecked: `outcome` is written once, before `done` is signalled, and read only after it.
    public final class IntegrityCheck: @unchecked Sendable {
        private let path: String
        private var outcome: Result<[String], SQLiteError> = .success([])
        private let done = DispatchSemaphore(value: 0)

        /// Starts checking the file at `path`.
        init(path: String) {
            self.path = path
            Thread { [self] in
                outcome = Result { () throws(SQLiteError) -> [String] in
                    try Database(path: path, options: .init(readOnly: true)).quickCheck()
                }
                done.signal()
            }.start()
        }

        /// Waits for the check; throws `corrupt` when it found the file damaged, or the error that kept it
        /// from reading the file. May be called again: it says the same.
        public func wait() throws {
            done.wait()
            done.signal()
            try Journal.refuseDamaged(path, problems: try outcome.get())
        }
    }
}
