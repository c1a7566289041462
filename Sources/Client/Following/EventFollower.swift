public import Lifecycle
public import Wire

/// The one way Interlude follows the broker's events (the resolver, the webhook outbox and `/v1/events`
/// all use it): subscribe first, then take a snapshot; deliver each event after it exactly once and in
/// sequence order; fill gaps from the journal; take a new snapshot when the journal cannot; after a
/// silence or a lost stream, subscribe again and catch up.
///
/// A `Service`: `run()` follows until cancelled or shut down gracefully, handing `deliver` the
/// snapshot and then the events, several at a time when a page fills a gap. A fetch that fails is
/// asked again (at the next gap, heartbeat or tick), unless `endOnFailure`, when `run()` throws it.
/// A `deliver` that throws is given everything after a new snapshot again, after a pause.
public struct EventFollower<Snapshot: Sendable>: Service {
    /// What the consumer is handed, in order.
    public enum Update: Sendable {
        /// A snapshot: the first, or a new one after history could not fill a gap.
        case snapshot(Snapshot)
        /// The next events after the snapshot, in order (heartbeats are not delivered).
        case events([Event])
    }

    /// Takes a snapshot and says which event sequence it reflects.
    public typealias Fetch = @Sendable () async throws(WireError) -> (snapshot: Snapshot, sequence: Int64)

    let source: any EventSource
    let silence: Duration
    let pageSize: Int
    let endOnFailure: Bool
    let snapshot: Fetch
    let report: @Sendable (WireError) -> Void
    let deliver: @Sendable (Update) async throws -> Void

    /// A follower of `source`; `silence` without an event or heartbeat counts as lost contact (the
    /// broker sends a heartbeat every quarter heartbeat interval); `report` hears each failed fetch.
    public init(
        source: any EventSource, silence: Duration, pageSize: Int = 500, endOnFailure: Bool = false, snapshot: @escaping Fetch,
        report: @escaping @Sendable (WireError) -> Void = { _ in }, deliver: @escaping @Sendable (Update) async throws -> Void
    ) {
        self.source = source
        self.silence = silence
        self.pageSize = max(1, pageSize)
        self.endOnFailure = endOnFailure
        self.snapshot = snapshot
        self.report = report
        self.deliver = deliver
    }

    /// Follows until cancelled or shut down gracefully; throws a failed fetch when `endOnFailure`.
    public func run() async throws {
        let (inputs, feed) = AsyncStream.makeStream(of: Input.self)
        let loop = FollowerLoop(follower: self, feed: feed)
        let ticker = Task { [silence] in
            while (try? await Task.sleep(for: silence / FollowerState.silenceTicks)) != nil { feed.yield(.state(.tick)) }
        }
        defer {
            ticker.cancel()
            loop.stop()
        }
        try await withGracefulShutdownHandler {
            try await loop.run(inputs)
        } onGracefulShutdown: {
            feed.finish()
        }
    }

    /// What reaches the loop: the core's inputs, and fetched snapshots with their payload.
    enum Input: Sendable {
        case state(FollowerState.Input)
        case snapshot(Snapshot, sequence: Int64)
        case failed(WireError)
    }
}
