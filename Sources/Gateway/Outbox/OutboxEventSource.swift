import Wire

/// Where the webhook dispatcher reads the broker's events: journaled pages and the live stream.
///
/// `BrokerEventSource` is the production one; tests pass an in-memory source of real `Event`s.
public protocol OutboxEventSource: Sendable {
    /// Journaled events after `sequence`, oldest first, at most `limit`, with the newest sequence there is.
    func events(after sequence: Int64, limit: Int) async throws(WireError) -> BrokerReply.EventPage

    /// Every event published from now on, heartbeats included; it ends when the source goes away.
    func live() throws -> AsyncStream<Event>
}
