public import Client
import Presentation
public import Wire

/// What the live resolver asks of Interlude: the broker over ZeroMQ (`BrokerBackend`), or the gateway over HTTP.
public protocol ResolverBackend: Sendable {
    /// Every pending presentation, with the event sequence the snapshot reflects.
    func allPending() async throws(WireError) -> BrokerReply.PendingSnapshot
    /// The announced operations (their texts).
    func operations() async throws(WireError) -> BrokerReply.OperationList
    /// A presentation and its resolution, once it has one.
    func presentation(_ id: String) async throws(WireError) -> BrokerReply.PresentationState
    /// Answers a presentation with an action; a refusal (someone answered first, say) is thrown.
    func answer(_ id: String, action: String, by: String, channel: String, values: [String: String]?) async throws(WireError) -> AnswerReply
    /// Follows what is pending until cancelled: a snapshot first, then every later event once and in
    /// order (`deliver`); `report` hears each failure to get them, which is retried.
    func followPending(
        silence: Duration, report: @escaping @Sendable (WireError) -> Void,
        deliver: @escaping @Sendable (EventFollower<BrokerReply.PendingSnapshot>.Update) async throws -> Void
    ) async throws
}

/// The broker over ZeroMQ: requests through its client, events through an `EventFollower` of its subscription.
public struct BrokerBackend: ResolverBackend {
    /// The connection to the broker.
    public let connection: BrokerConnection

    /// The backend of `connection`.
    public init(_ connection: BrokerConnection) {
        self.connection = connection
    }

    /// Every pending presentation.
    public func allPending() async throws(WireError) -> BrokerReply.PendingSnapshot { try await connection.client.allPending() }

    /// The announced operations.
    public func operations() async throws(WireError) -> BrokerReply.OperationList { try await connection.client.operations() }

    /// A presentation and its resolution.
    public func presentation(_ id: String) async throws(WireError) -> BrokerReply.PresentationState { try await connection.client.presentation(id) }

    /// Answers through the broker's client.
    public func answer(_ id: String, action: String, by: String, channel: String, values: [String: String]?) async throws(WireError) -> AnswerReply {
        try await connection.client.answer(id, action: action, by: by, channel: channel, values: values)
    }

    /// Subscribes first, then takes the snapshot (`EventFollower`).
    public func followPending(
        silence: Duration, report: @escaping @Sendable (WireError) -> Void,
        deliver: @escaping @Sendable (EventFollower<BrokerReply.PendingSnapshot>.Update) async throws -> Void
    ) async throws {
        let client = connection.client
        let follower = EventFollower<BrokerReply.PendingSnapshot>(
            source: connection, silence: silence,
            snapshot: { () async throws(WireError) -> (snapshot: BrokerReply.PendingSnapshot, sequence: Int64) in
                let snapshot = try await client.allPending()
                return (snapshot, snapshot.sequence)
            },
            report: report, deliver: deliver)
        try await follower.run()
    }
}
