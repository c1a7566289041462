import Foundation
import SQLite

extension OutboxStore {
    /// The oldest pending delivery of the endpoint `key`, due or not; endpoints are served in order.
    func head(of key: String) throws(OutboxError) -> OutboxEntry? {
        try locked { database in
            let rows = try database.query(
                """
                SELECT id, subscriber, sequence, body, attempts, next_attempt_at FROM deliveries
                WHERE subscriber = ? AND state = 'pending' ORDER BY sequence LIMIT 1
                """, .text(key))
            return rows.first.map { row in
                OutboxEntry(
                    id: row.string("id") ?? "", subscriber: row.string("subscriber") ?? "",
                    sequence: row.int("sequence") ?? 0, body: row.data("body") ?? Data(),
                    attempts: Int(row.int("attempts") ?? 0), nextAttemptAt: row.date("next_attempt_at") ?? .distantPast)
            }
        }
    }

    /// Counts an attempt before it is made and pushes the due time to `retryAt`, so a crash mid-attempt
    /// leads to a retry then, never to a loss.
    func beginAttempt(_ id: String, retryAt: Date, now: Date) throws(OutboxError) {
        try locked { database in
            try database.run(
                """
                UPDATE deliveries SET attempts = attempts + 1, next_attempt_at = ?, updated_at = ?
                WHERE id = ? AND state = 'pending'
                """, SQLValue(retryAt), SQLValue(now), .text(id))
        }
    }

    /// Records how an attempt ended: still pending (due at `nextAttemptAt`), delivered or dead-lettered.
    func record(
        _ id: String, state: WebhookDelivery.State, nextAttemptAt: Date?, status: Int?, error: String?, now: Date
    ) throws(OutboxError) {
        try locked { database in
            try database.run(
                """
                UPDATE deliveries SET state = ?, next_attempt_at = COALESCE(?, next_attempt_at), last_status = ?,
                    last_error = ?, updated_at = ?
                WHERE id = ? AND state = 'pending'
                """, .text(state.rawValue), SQLValue(nextAttemptAt), SQLValue(status), SQLValue(error), SQLValue(now),
                .text(id))
        }
    }

    /// Disables the endpoint (it answered `410 Gone`): its pending deliveries and future events are not sent.
    func disable(_ subscriber: WebhookSubscriber, status: Int, now: Date) throws(OutboxError) {
        try locked { database in
            try database.transaction {
                try database.run(
                    "INSERT OR REPLACE INTO disabled_endpoints (subscriber, url, status, at) VALUES (?, ?, ?, ?)",
                    .text(subscriber.key), .text(subscriber.url.absoluteString), SQLValue(status), SQLValue(now))
                try database.run(
                    """
                    UPDATE deliveries SET state = 'disabled', last_status = COALESCE(last_status, ?),
                        last_error = COALESCE(last_error, 'endpoint disabled: it answered 410 Gone'), updated_at = ?
                    WHERE subscriber = ? AND state = 'pending'
                    """, SQLValue(status), SQLValue(now), .text(subscriber.key))
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

    /// Gives back an attempt abandoned by a graceful stop: not counted, due again at once.
    func abandonAttempt(_ id: String, reason: String, now: Date) throws(OutboxError) {
        try locked { database in
            try database.run(
                """
                UPDATE deliveries SET attempts = max(0, attempts - 1), next_attempt_at = ?, last_error = ?, updated_at = ?
                WHERE id = ? AND state = 'pending'
                """, SQLValue(now), .text(reason), SQLValue(now), .text(id))
        }
    }
}
