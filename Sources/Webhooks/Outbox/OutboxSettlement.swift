import Foundation
import SQLite

/// How one delivery of a round ended, as the outbox records it; a round's settlements share one commit.
enum OutboxSettlement: Sendable, Equatable {
    /// The attempt ended: still pending (due at `nextAttemptAt`), delivered, dead-lettered or disabled.
    case recorded(id: String, state: WebhookDelivery.State, nextAttemptAt: Date?, status: Int?, error: String?)
    /// The attempt was cut off by a graceful stop: not counted, due again at once.
    case abandoned(id: String, reason: String)
    /// The attempt was counted but never started (an earlier one in its round failed): uncounted, due as before.
    case unstarted(id: String, dueAt: Date)
    /// The endpoint answered `410 Gone`: it and its pending deliveries are disabled, its future events not sent.
    case disabled(WebhookSubscriber, status: Int)

    /// Writes the settlement inside the caller's transaction.
    func apply(to database: Database, now: Date) throws {
        switch self {
        case .recorded(let id, let state, let nextAttemptAt, let status, let error):
            try database.run(
                """
                UPDATE deliveries SET state = ?, next_attempt_at = COALESCE(?, next_attempt_at), last_status = ?,
                    last_error = ?, updated_at = ?
                WHERE id = ? AND state = 'pending'
                """, .text(state.rawValue), SQLValue(nextAttemptAt), SQLValue(status), SQLValue(error), SQLValue(now),
                .text(id))
        case .abandoned(let id, let reason):
            try database.run(
                """
                UPDATE deliveries SET attempts = max(0, attempts - 1), next_attempt_at = ?, last_error = ?, updated_at = ?
                WHERE id = ? AND state = 'pending'
                """, SQLValue(now), .text(reason), SQLValue(now), .text(id))
        case .unstarted(let id, let dueAt):
            try database.run(
                """
                UPDATE deliveries SET attempts = max(0, attempts - 1), next_attempt_at = ?, updated_at = ?
                WHERE id = ? AND state = 'pending'
                """, SQLValue(dueAt), SQLValue(now), .text(id))
        case .disabled(let subscriber, let status):
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
