import Synchronization
import Wire

/// Events the follower has handed over and the outbox has not yet written, in order; bounded, so a
/// follower faster than the disk waits instead of growing it without end.
final class EventBacklog: Sendable {
    /// Events held at most before `add` waits for the writer to take them.
    static let limit = 10_000

    private let events = Mutex<[Event]>([])
    /// Rung when events are added.
    let arrived = Doorbell()
    private let taken = Doorbell()

    /// Appends `new` once the backlog is below its limit (or the task is cancelled): at most twice the
    /// limit is held, counting the batch being written.
    func add(_ new: [Event]) async {
        while events.withLock({ $0.count >= Self.limit }), !Task.isCancelled {
            await taken.wait(timeout: .milliseconds(100))
        }
        events.withLock { $0 += new }
        arrived.ring()
    }

    /// Everything held, oldest first, leaving the backlog empty.
    func take() -> [Event] {
        defer { taken.ring() }
        return events.withLock { events in
            defer { events.removeAll(keepingCapacity: true) }
            return events
        }
    }

    /// Puts back `old`, which could not be written, ahead of whatever arrived since.
    func restore(_ old: [Event]) {
        events.withLock { $0 = old + $0 }
    }
}
