public import Foundation

/// One mail in the outbox: to whom, the exact bytes every attempt sends, and how far it has got.
public struct OutgoingMail: Sendable, Equatable {
    /// Where a mail is: waiting for an attempt, accepted by the server, or given up (dead-lettered).
    public enum State: String, Sendable, CaseIterable {
        case pending, sent, failed
    }

    /// `<event sequence>.<person>`: one mail per event and person, however often the event is read.
    public let id: String
    /// The person's name.
    public let recipient: String
    /// The envelope's recipient address.
    public let address: String
    /// The message as it was written when its event was read.
    public let message: Data
    /// Attempts started so far.
    public let attempts: Int
    /// When the next attempt is due.
    public let nextAttemptAt: Date
}
