import Foundation
import SQLite

extension OutboxStore {
    /// The endpoint's oldest pending deliveries in event order, at most `limit`, due or not.
    func leading(of key: String, limit: Int) throws(OutboxError) -> [OutboxEntry] {
        try locked { database in
            try database.query(
                """
                SELECT id, subscriber, sequence, body, attempts, next_attempt_at FROM deliveries
                WHERE subscriber = ? AND state = 'pending' ORDER BY sequence LIMIT ?
                """, .text(key), .integer(Int64(max(1, limit)))
            ).map { row in
                OutboxEntry(
                    id: row.string("id") ?? "", subscriber: row.string("subscriber") ?? "",
                    sequence: row.int("sequence") ?? 0, body: row.data("body") ?? Data(),
                    attempts: Int(row.int("attempts") ?? 0), nextAttemptAt: row.date("next_attempt_at") ?? .distantPast)
            }
        }
    }

    /// Counts an attempt at each of `ids` before any is made and pushes their due time to `retryAt`, in
    /// one transaction, so a crash mid-attempt leads to a retry then, never to a loss.
    func beginAttempts(_ ids: [String], retryAt: Date, now: Date) throws(OutboxError) {
        guard !ids.isEmpty else { return }
        try locked { database in
            try database.transaction {
                for id in ids {
                    try database.run(
                        """
                        UPDATE deliveries SET attempts = attempts + 1, next_attempt_at = ?, updated_at = ?
                        WHERE id = ? AND state = 'pending'
                        """, SQLValue(retryAt), SQLValue(now), .text(id))
                }
            }
        }
    }

    /// Records how a round of attempts ended, every delivery of it in one transaction.
    func settle(_ settlements: [OutboxSettlement], now: Date) throws(OutboxError) {
        guard !settlements.isEmpty else { return }
        try locked { database in
            try database.transaction {
                for settlement in settlements { try settlement.apply(to: database, now: now) }
            }
        }
    }

    /// Marks pending deliveries of endpoints that are no longer configured as disabled; returns how many.
    @discardableResult
    func disableAllBut(_ subscribers: WebhookSubscribers, now: Date) throws(OutboxError) -> Int {
        let keys = subscribers.all.map { SQLValue.text($0.key) }
        let placeholders = Array(repeating: "?", count: keys.count).joined(separator: ", ")
        return try locked { database in
            try database.run(
                """
                UPDATE deliveries SET state = 'disabled', last_error = 'endpoint no longer configured', updated_at = ?
                WHERE state = 'pending' AND subscriber NOT IN (\(placeholders))
                """, [SQLValue(now)] + keys)
            return database.changes
        }
    }

    /// The keys of endpoints disabled by a `410 Gone`.
    func disabledKeys() throws(OutboxError) -> Set<String> {
        try locked { Set(try $0.query("SELECT subscriber FROM disabled_endpoints").compactMap { $0.string("subscriber") }) }
    }

    /// Deliveries waiting for their first or next attempt.
    func pendingCount() throws(OutboxError) -> Int {
        try locked { Int(try $0.query("SELECT count(*) AS n FROM deliveries WHERE state = 'pending'").first?.int("n") ?? 0) }
    }
}
