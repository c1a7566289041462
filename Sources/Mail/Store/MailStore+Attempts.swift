public import Foundation
import SQLite

extension MailStore {
    /// The oldest pending mails that are due at `now`, at most `limit`; and when the next one not yet due is.
    public func due(at now: Date, limit: Int) throws(MailError) -> (mails: [OutgoingMail], next: Date?) {
        try locked { database in
            let rows = try database.query(
                """
                SELECT id, recipient, address, message, attempts, next_attempt_at FROM mails
                WHERE state = 'pending' ORDER BY next_attempt_at, sequence LIMIT ?
                """, .integer(Int64(max(1, limit))))
            let mails = rows.map { row in
                OutgoingMail(
                    id: row.string("id") ?? "", recipient: row.string("recipient") ?? "", address: row.string("address") ?? "",
                    message: row.data("message") ?? Data(), attempts: Int(row.int("attempts") ?? 0),
                    nextAttemptAt: row.date("next_attempt_at") ?? .distantPast)
            }
            let ready = mails.filter { $0.nextAttemptAt <= now }
            return (ready, mails.first { $0.nextAttemptAt > now }?.nextAttemptAt)
        }
    }

    /// Counts an attempt at `id` before it is made and holds it until `retryAt`, so a crash during the
    /// attempt leads to a retry then, never to a loss.
    public func begin(_ id: String, retryAt: Date, now: Date) throws(MailError) {
        try locked { database in
            try database.run(
                "UPDATE mails SET attempts = attempts + 1, next_attempt_at = ?, updated_at = ? WHERE id = ? AND state = 'pending'",
                SQLValue(retryAt), SQLValue(now), .text(id))
        }
    }

    /// Records how an attempt ended: `sent`, `failed` (dead-lettered), or `pending` again at `nextAttemptAt`;
    /// `uncounted` takes the attempt back (the gateway stopped during it).
    public func settle(_ id: String, state: OutgoingMail.State, nextAttemptAt: Date?, error: String?, uncounted: Bool = false, now: Date)
        throws(MailError)
    {
        try locked { database in
            try database.run(
                """
                UPDATE mails SET state = ?, next_attempt_at = COALESCE(?, next_attempt_at), last_error = ?,
                    attempts = max(0, attempts - ?), updated_at = ?
                WHERE id = ? AND state = 'pending'
                """, .text(state.rawValue), SQLValue(nextAttemptAt), SQLValue(error), .integer(uncounted ? 1 : 0), SQLValue(now), .text(id))
        }
    }

    /// The newest `limit` mails that were given up, with why: what `interlude status` lists.
    public func deadLetters(limit: Int) throws(MailError) -> [(id: String, recipient: String, error: String)] {
        try locked { database in
            try database.query(
                "SELECT id, recipient, last_error FROM mails WHERE state = 'failed' ORDER BY updated_at DESC LIMIT ?", .integer(Int64(limit))
            ).map { ($0.string("id") ?? "", $0.string("recipient") ?? "", $0.string("last_error") ?? "") }
        }
    }
}
