public import Foundation

/// One outgoing webhook message to one endpoint, as the outbox records it.
public struct WebhookDelivery: Codable, Sendable, Hashable, Identifiable {
    /// Where a delivery is in its life.
    public enum State: String, Codable, Sendable, Hashable, CaseIterable {
        /// Waiting for its first or next attempt.
        case pending
        /// The endpoint answered 2xx.
        case delivered
        /// Dead-lettered: every attempt failed.
        case failed
        /// Not sent because its endpoint answered `410 Gone` or is no longer configured.
        case disabled
    }

    /// The `webhook-id`: `msg_<sequence>_<endpoint key>`, the same on every attempt.
    public let id: String
    /// The endpoint as logs show it (`WebhookSubscriber.redacted`): scheme, host and port, never its path,
    /// query or credentials.
    public let url: String
    /// The event type, such as `presentation.pending`.
    public let eventType: String
    /// The broker event sequence it carries.
    public let sequence: Int64
    /// Where it is in its life.
    public let state: State
    /// Attempts started so far.
    public let attempts: Int
    /// When the next attempt is due (pending only).
    public let nextAttemptAt: Date?
    /// The HTTP status of the last attempt, if one came back.
    public let lastStatus: Int?
    /// Why the last attempt failed, if it did.
    public let lastError: String?
    /// When it was put in the outbox.
    public let createdAt: Date
    /// When it last changed.
    public let updatedAt: Date

    /// A delivery record.
    public init(
        id: String, url: String, eventType: String, sequence: Int64, state: State, attempts: Int,
        nextAttemptAt: Date?, lastStatus: Int?, lastError: String?, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.url = url
        self.eventType = eventType
        self.sequence = sequence
        self.state = state
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastStatus = lastStatus
        self.lastError = lastError
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The webhook-id of the event `sequence` sent to the endpoint `key`.
    public static func id(sequence: Int64, endpoint key: String) -> String {
        "msg_\(sequence)_\(key)"
    }
}

extension WebhookDelivery {
    private enum CodingKeys: String, CodingKey {
        case id, url, eventType, sequence, state, attempts, nextAttemptAt, lastStatus, lastError, createdAt, updatedAt
    }

    /// Encodes every field, absent values as `null`, like the rest of the API.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(url, forKey: .url)
        try container.encode(eventType, forKey: .eventType)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(state, forKey: .state)
        try container.encode(attempts, forKey: .attempts)
        try container.encode(nextAttemptAt, forKey: .nextAttemptAt)
        try container.encode(lastStatus, forKey: .lastStatus)
        try container.encode(lastError, forKey: .lastError)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}
