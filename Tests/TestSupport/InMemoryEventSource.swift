public import Client
import Foundation
import Synchronization
public import Wire

/// An event source in memory: a journal of real `Event`s and live subscribers, like the broker's.
public final class InMemoryEventSource: EventSource {
    private struct State {
        var journal: [Event] = []
        var subscribers: [AsyncStream<Event>.Continuation] = []
        var pageRequests = 0
    }

    private let state = Mutex(State())

    /// An empty journal with no subscriber.
    public init() {}

    /// Journals `event` and, unless `live` is false (a message lost on the way), publishes it.
    public func append(_ event: Event, live: Bool = true) {
        let subscribers = state.withLock { state in
            state.journal.append(event)
            return state.subscribers
        }
        if live { for subscriber in subscribers { subscriber.yield(event) } }
    }

    /// Publishes a heartbeat carrying the newest sequence.
    public func heartbeat() {
        let (last, subscribers) = state.withLock { ($0.journal.last?.sequence ?? 0, $0.subscribers) }
        for subscriber in subscribers { subscriber.yield(Event(sequence: last, type: .heartbeat, at: Date())) }
    }

    /// How many `events(after:)` pages were asked for.
    public var pageRequests: Int { state.withLock { $0.pageRequests } }

    /// Live subscribers now attached.
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Journaled events after `sequence`, at most `limit`.
    public func events(after sequence: Int64, limit: Int) async throws(WireError) -> BrokerReply.EventPage {
        state.withLock { state in
            state.pageRequests += 1
            let events = state.journal.filter { $0.sequence > sequence }.prefix(limit)
            return BrokerReply.EventPage(events: Array(events), last: state.journal.last?.sequence ?? 0)
        }
    }

    /// A new live subscriber.
    public func live() throws -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        state.withLock { $0.subscribers.append(continuation) }
        return stream
    }

    /// Ends every live subscription, as a broker that went away would.
    public func endSubscriptions() {
        let subscribers = state.withLock { state in
            defer { state.subscribers.removeAll() }
            return state.subscribers
        }
        for subscriber in subscribers { subscriber.finish() }
    }
}
