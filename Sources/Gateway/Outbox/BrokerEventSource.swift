import Client
import Wire

/// The broker as an event source: `events(after:limit:)` over the connection's requests, the live stream on SUB.
public struct BrokerEventSource: OutboxEventSource {
    private let connection: BrokerConnection

    /// A source that reads journaled events and subscribes to every topic through `connection`.
    public init(connection: BrokerConnection) {
        self.connection = connection
    }

    /// Journaled events after `sequence`.
    public func events(after sequence: Int64, limit: Int) async throws(WireError) -> BrokerReply.EventPage {
        try await connection.client.events(after: sequence, limit: limit)
    }

    /// A new subscription to every event type: the dispatcher needs them all to see gaps.
    public func live() throws -> AsyncStream<Event> {
        try connection.events()
    }
}
