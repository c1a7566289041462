import Foundation

/// The oldest pending delivery of one endpoint: what the dispatcher sends next to it.
struct OutboxEntry: Sendable, Equatable {
    /// The webhook-id.
    let id: String
    /// The endpoint key.
    let subscriber: String
    /// The event sequence.
    let sequence: Int64
    /// The body, exactly as it was enqueued; every attempt sends these bytes.
    let body: Data
    /// Attempts started so far.
    let attempts: Int
    /// When the next attempt is due.
    let nextAttemptAt: Date
}
