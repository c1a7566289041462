public import Foundation
import JSON
public import SQLite
import Synchronization

/// The durable mail outbox in `<data>/mail.sqlite`: mails with their attempts, the questions mailed
/// (for their resolution's mail), and the event cursor. Used by whichever task holds the mutex.
public final class MailStore: Sendable {
    /// The SQLite file.
    public let path: String
    private let database: Mutex<Database>

    /// Opens (creating the folder and file if needed) and migrates the outbox in `folder`.
    public init(folder: URL, synchronous: Synchronous = .full) throws(MailError) {
        let path = Self.path(in: folder)
        self.path = path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let database = try Database(path: path, options: .init(synchronous: synchronous))
            try database.migrate(MailSchema.migrations)
            self.database = Mutex(database)
        } catch {
            throw MailError(.storageFailed, "cannot open the mail outbox \(path): \(error)")
        }
    }

    /// Where the outbox of `folder` is.
    public static func path(in folder: URL) -> String {
        folder.appendingPathComponent("mail.sqlite").path
    }

    /// Runs `body` with the connection, turning any failure into a `MailError`.
    func locked<T: Sendable>(_ body: (Database) throws -> T) throws(MailError) -> T {
        do {
            return try database.withLock { database in try body(database) }
        } catch let error as MailError {
            throw error
        } catch {
            throw MailError(.storageFailed, "mail outbox \(path): \(error)")
        }
    }

    /// The last event sequence read (0 before the first).
    public func cursor() throws(MailError) -> Int64 {
        try locked { try $0.query("SELECT sequence FROM cursor WHERE id = 1").first?.int("sequence") ?? 0 }
    }

    /// Mails by state.
    public func counts() throws(MailError) -> [OutgoingMail.State: Int] {
        try locked { database in
            var counts: [OutgoingMail.State: Int] = [:]
            for row in try database.query("SELECT state, count(*) AS n FROM mails GROUP BY state") {
                if let state = OutgoingMail.State(rawValue: row.string("state") ?? "") { counts[state] = Int(row.int("n") ?? 0) }
            }
            return counts
        }
    }
}
