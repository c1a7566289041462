import Client
import Wire
import ZeroMQ

/// The broker as an event source: `events(after:limit:)` over the client socket, the live stream on SUB.
public struct BrokerEventSource: OutboxEventSource {
    private let client: BrokerClient
    private let context: Context
    private let endpoint: String
    private let security: SocketSecurity

    /// A source that asks `client` for journaled events and subscribes to every topic at `endpoint`.
    public init(client: BrokerClient, context: Context, eventsEndpoint endpoint: String, security: SocketSecurity = .none) {
        self.client = client
        self.context = context
        self.endpoint = endpoint
        self.security = security
    }

    /// Journaled events after `sequence`.
    public func events(after sequence: Int64, limit: Int) async throws(WireError) -> BrokerReply.EventPage {
        try await client.events(after: sequence, limit: limit)
    }

    /// A new subscription to every event type: the dispatcher needs them all to see gaps.
    public func live() throws -> AsyncStream<Event> {
        try EventSubscription.stream(context: context, endpoint: endpoint, topics: [], security: security)
    }
}
