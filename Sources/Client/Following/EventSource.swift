public import Wire

/// Where an `EventFollower` reads the broker's events: the live stream and the journaled pages.
/// `BrokerConnection` is the real one; tests use one in memory.
public protocol EventSource: Sendable {
    /// A new subscription to every event the broker publishes, heartbeats included; it ends when the
    /// source goes away.
    func live() throws -> AsyncStream<Event>

    /// Journaled events after `sequence`, oldest first, at most `limit`, with the newest sequence there is.
    func events(after sequence: Int64, limit: Int) async throws(WireError) -> BrokerReply.EventPage
}

extension BrokerConnection: EventSource {
    /// A new subscription to every event.
    public func live() throws -> AsyncStream<Event> {
        try events()
    }

    /// Journaled events after `sequence`.
    public func events(after sequence: Int64, limit: Int) async throws(WireError) -> BrokerReply.EventPage {
        try await client.events(after: sequence, limit: limit)
    }
}
