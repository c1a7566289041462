import Foundation
import SQLite
import Synchronization
import Wire

/// The durable outbox in `<data>/gateway.sqlite`: deliveries, the event cursor and disabled endpoints.
///
/// The connection is used by whichever task holds the mutex, one at a time, which is what a
/// `NOMUTEX` SQLite connection allows.
final class OutboxStore: Sendable {
    /// The SQLite file.
    let path: String
    private let database: Mutex<Database>

    /// Opens (creating the folder and file if needed) and migrates the outbox in `folder`.
    init(folder: URL, synchronous: Synchronous = .full) throws(OutboxError) {
        let path = folder.appendingPathComponent("gateway.sqlite").path
        self.path = path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let database = try Database(path: path, options: .init(synchronous: synchronous))
            try database.migrate(OutboxSchema.migrations)
            self.database = Mutex(database)
        } catch {
            throw OutboxError(code: .openFailed, path: path, detail: "\(error)")
        }
    }

    /// Runs `body` with the connection, turning any failure into an `OutboxError`.
    func locked<T: Sendable>(_ body: (Database) throws -> T) throws(OutboxError) -> T {
        do {
            return try database.withLock { database in try body(database) }
        } catch {
            throw OutboxError(code: .storageFailed, path: path, detail: "\(error)")
        }
    }

    /// The last event sequence enqueued (0 before the first).
    func cursor() throws(OutboxError) -> Int64 {
        try locked { try $0.query("SELECT sequence FROM cursor WHERE id = 1").first?.int("sequence") ?? 0 }
    }

    /// Moves the cursor forward to `sequence` (never back), enqueueing nothing.
    func advance(to sequence: Int64) throws(OutboxError) {
        try locked { database in
            try database.run("UPDATE cursor SET sequence = ? WHERE id = 1 AND sequence < ?", .integer(sequence), .integer(sequence))
        }
    }

    /// Adds a delivery per interested, enabled endpoint for each event after the cursor, and moves the
    /// cursor past them, in one transaction; a repeated event adds nothing. Returns the new cursor.
    @discardableResult
    func enqueue(
        _ events: [Event], for subscribers: WebhookSubscribers, now: Date, body: (Event) throws -> Data
    ) throws(OutboxError) -> Int64 {
        try locked { database in
            try database.transaction {
                var cursor = try database.query("SELECT sequence FROM cursor WHERE id = 1").first?.int("sequence") ?? 0
                for event in events where event.type != .heartbeat && event.sequence > cursor {
                    let interested = subscribers.all.filter { $0.wants(event.type) }
                    if !interested.isEmpty {
                        let payload = try body(event)
                        for subscriber in interested {
                            try Self.insert(event, payload, for: subscriber, now: now, into: database)
                        }
                    }
                    cursor = event.sequence
                }
                try database.run("UPDATE cursor SET sequence = ? WHERE id = 1 AND sequence < ?", .integer(cursor), .integer(cursor))
                return cursor
            }
        }
    }

    private static func insert(
        _ event: Event, _ body: Data, for subscriber: WebhookSubscriber, now: Date, into database: Database
    ) throws {
        try database.run(
            """
            INSERT OR IGNORE INTO deliveries
                (id, sequence, subscriber, url, event_type, body, state, attempts, next_attempt_at, created_at, updated_at)
            SELECT ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?
            WHERE NOT EXISTS (SELECT 1 FROM disabled_endpoints WHERE subscriber = ?)
            """,
            .text(WebhookDelivery.id(sequence: event.sequence, endpoint: subscriber.key)), .integer(event.sequence),
            .text(subscriber.key), .text(subscriber.url.absoluteString), .text(event.type.rawValue), .blob(body),
            SQLValue(now), SQLValue(now), SQLValue(now), .text(subscriber.key))
    }
}
