import Foundation
import SQLite

extension OutboxStore {
    /// The newest `limit` deliveries, of one state or all, newest event first; their URLs redacted as logs show them.
    func deliveries(state: WebhookDelivery.State?, limit: Int) throws(OutboxError) -> [WebhookDelivery] {
        let columns = """
            SELECT id, url, event_type, sequence, state, attempts, next_attempt_at, last_status, last_error,
                created_at, updated_at FROM deliveries
            """
        return try locked { database in
            let rows =
                if let state {
                    try database.query(
                        columns + " WHERE state = ? ORDER BY sequence DESC, id LIMIT ?", .text(state.rawValue),
                        .integer(Int64(limit)))
                } else {
                    try database.query(columns + " ORDER BY sequence DESC, id LIMIT ?", .integer(Int64(limit)))
                }
            return rows.map(Self.delivery)
        }
    }

    private static func delivery(_ row: Row) -> WebhookDelivery {
        let state = WebhookDelivery.State(rawValue: row.string("state") ?? "") ?? .pending
        return WebhookDelivery(
            id: row.string("id") ?? "", url: WebhookSubscriber.redacted(row.string("url") ?? ""), eventType: row.string("event_type") ?? "",
            sequence: row.int("sequence") ?? 0, state: state, attempts: Int(row.int("attempts") ?? 0),
            nextAttemptAt: state == .pending ? row.date("next_attempt_at") : nil,
            lastStatus: row.int("last_status").map(Int.init), lastError: row.string("last_error"),
            createdAt: row.date("created_at") ?? .distantPast, updatedAt: row.date("updated_at") ?? .distantPast)
    }
}
