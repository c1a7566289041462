public import Foundation
import JSON
import Presentation
import SQLite
public import Wire

extension MailStore {
    /// What a planner makes of one event: the plan (nil: nothing mailed) and each recipient's message.
    public typealias Planner = (Event, MailPlan.Question?) throws -> (plan: MailPlan, messages: [(name: String, message: MailMessage)])?

    /// For each event after the cursor: asks `planner` what to mail given what is remembered of its
    /// question, adds one mail per recipient, remembers or forgets the question, and moves the cursor past
    /// it, all in one transaction; an event read again adds nothing. Returns how many mails were added.
    @discardableResult
    public func enqueue(_ events: [Event], now: Date, planner: Planner) throws(MailError) -> Int {
        try locked { database in
            try database.transaction {
                var cursor = try database.query("SELECT sequence FROM cursor WHERE id = 1").first?.int("sequence") ?? 0
                var added = 0
                for event in events where event.type != .heartbeat && event.sequence > cursor {
                    cursor = event.sequence
                    guard let id = event.presentation?.id ?? event.resolution?.presentation ?? event.approvals?.presentation,
                        let (plan, messages) = try planner(event, try Self.question(id, in: database))
                    else { continue }
                    for (name, message) in messages {
                        try database.run(
                            """
                            INSERT OR IGNORE INTO mails (id, sequence, presentation, kind, recipient, address, message, state, attempts,
                                next_attempt_at, created_at, updated_at)
                            VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)
                            """, .text("\(event.sequence).\(name)"), .integer(event.sequence), .text(id), .text(plan.kind.rawValue), .text(name),
                            .text(message.to), .blob(message.rendered), SQLValue(now), SQLValue(now), SQLValue(now))
                        added += database.changes
                    }
                    if plan.forget {
                        try database.run("DELETE FROM questions WHERE presentation = ?", .text(id))
                    } else {
                        try database.run("INSERT OR REPLACE INTO questions (presentation, body) VALUES (?, ?)", .text(id), .blob(try Self.body(plan.question)))
                    }
                }
                try database.run("UPDATE cursor SET sequence = ? WHERE id = 1 AND sequence < ?", .integer(cursor), .integer(cursor))
                return added
            }
        }
    }

    /// What is stored of a question: `{"operation", "presentation", "recipients"}`.
    private struct StoredQuestion: Codable {
        let presentation: Presentation
        let operation: String
        let recipients: [String]
    }

    private static func body(_ question: MailPlan.Question) throws -> Data {
        try JSONCoding.encoder.encode(
            StoredQuestion(presentation: question.presentation, operation: question.operation, recipients: question.recipients))
    }

    private static func question(_ id: String, in database: Database) throws -> MailPlan.Question? {
        guard let data = try database.query("SELECT body FROM questions WHERE presentation = ?", .text(id)).first?.data("body") else { return nil }
        let stored = try JSONCoding.decoder.decode(StoredQuestion.self, from: data)
        return MailPlan.Question(presentation: stored.presentation, operation: stored.operation, recipients: stored.recipients)
    }
}
