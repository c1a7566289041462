import Wire

/// The I/O shell of one `EventFollower.run()`: owns the live subscription, performs what
/// `FollowerState` says, one input at a time, and runs fetches as child tasks whose results come back
/// as inputs (so events keep flowing while a page is on its way).
final class FollowerLoop<Snapshot: Sendable> {  // used by the task that runs the follower only
    typealias Input = EventFollower<Snapshot>.Input

    private let follower: EventFollower<Snapshot>
    private let feed: AsyncStream<Input>.Continuation
    private var state = FollowerState()
    private var pump: Task<Void, Never>?
    private var failedDeliveries = 0

    init(follower: EventFollower<Snapshot>, feed: AsyncStream<Input>.Continuation) {
        self.follower = follower
        self.feed = feed
    }

    /// Handles inputs until the feed finishes or the task is cancelled; fetches still running are cancelled.
    func run(_ inputs: AsyncStream<Input>) async throws {
        try await withThrowingDiscardingTaskGroup { group in
            defer { group.cancelAll() }
            subscribe()
            try await perform(state.start(), in: &group)
            for await input in inputs {
                switch input {
                case .state(let input):
                    try await perform(state.receive(input), in: &group)
                case .snapshot(let snapshot, let sequence):
                    if await hand(.snapshot(snapshot)) {
                        try await perform(state.receive(.snapshot(sequence: sequence)), in: &group)
                    } else {
                        try await perform(state.receive(.fetchFailed), in: &group)
                        try await perform(state.start(), in: &group)
                    }
                case .failed(let error):
                    follower.report(error)
                    if follower.endOnFailure { throw error }
                    try await perform(state.receive(.fetchFailed), in: &group)
                }
            }
        }
    }

    /// Ends the live subscription and the feed.
    func stop() {
        pump?.cancel()
        feed.finish()
    }

    /// Hands the consumer one update; false (after a pause that grows with each failure in a row) when it threw.
    private func hand(_ update: EventFollower<Snapshot>.Update) async -> Bool {
        do {
            try await follower.deliver(update)
            failedDeliveries = 0
            return true
        } catch {
            failedDeliveries += 1
            follower.report(WireError(.internal, "the consumer could not take the events: \(error)"))
            try? await Task.sleep(for: .milliseconds(min(5_000, 250 * failedDeliveries)))
            return false
        }
    }

    private func perform(_ actions: [FollowerState.Action], in group: inout ThrowingDiscardingTaskGroup<any Error>) async throws {
        let events = actions.compactMap { action -> Event? in
            if case .deliver(let event) = action { return event }
            return nil
        }
        if !events.isEmpty, !(await hand(.events(events))) {
            return try await perform(state.receive(.deliveryFailed), in: &group)
        }
        for action in actions {
            switch action {
            case .deliver:
                continue
            case .fetchEvents(let after):
                group.addTask { [follower, feed] in
                    do throws(WireError) {
                        feed.yield(.state(.page(try await follower.source.events(after: after, limit: follower.pageSize))))
                    } catch {
                        feed.yield(.failed(error))
                    }
                }
            case .fetchSnapshot:
                group.addTask { [follower, feed] in
                    do throws(WireError) {
                        let (snapshot, sequence) = try await follower.snapshot()
                        feed.yield(.snapshot(snapshot, sequence: sequence))
                    } catch {
                        feed.yield(.failed(error))
                    }
                }
            case .resubscribe:
                subscribe()
            }
        }
    }

    /// Replaces the live subscription; a source that cannot subscribe now is tried again after a silence.
    private func subscribe() {
        pump?.cancel()
        let live: AsyncStream<Event>
        do {
            live = try follower.source.live()
        } catch {
            follower.report(WireError(.unavailable, "cannot subscribe to the broker's events: \(error)"))
            return
        }
        pump = Task { [feed] in
            for await event in live { feed.yield(.state(.event(event))) }
            if !Task.isCancelled { feed.yield(.state(.streamEnded)) }
        }
    }
}
