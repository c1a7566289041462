import Foundation
import Presentation
import Synchronization
import Wire

@testable import Gateway

/// An event source in memory: a journal of real `Event`s and live subscribers, like the broker's.
final class InMemoryEventSource: OutboxEventSource {
    private struct State {
        var journal: [Event] = []
        var subscribers: [AsyncStream<Event>.Continuation] = []
        var pageRequests = 0
    }

    private let state = Mutex(State())

    /// Journals `event` and, unless `live` is false (a message lost on the way), publishes it.
    func append(_ event: Event, live: Bool = true) {
        let subscribers = state.withLock { state in
            state.journal.append(event)
            return state.subscribers
        }
        if live { subscribers.forEach { $0.yield(event) } }
    }

    /// Publishes a heartbeat carrying the newest sequence.
    func heartbeat() {
        let (last, subscribers) = state.withLock { ($0.journal.last?.sequence ?? 0, $0.subscribers) }
        subscribers.forEach { $0.yield(Event(sequence: last, type: .heartbeat, at: Date())) }
    }

    /// How many `events(after:)` pages were asked for.
    var pageRequests: Int { state.withLock { $0.pageRequests } }

    /// Live subscribers now attached.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    func events(after sequence: Int64, limit: Int) async throws(WireError) -> BrokerReply.EventPage {
        state.withLock { state in
            state.pageRequests += 1
            let events = state.journal.filter { $0.sequence > sequence }.prefix(limit)
            return BrokerReply.EventPage(events: Array(events), last: state.journal.last?.sequence ?? 0)
        }
    }

    func live() throws -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        state.withLock { $0.subscribers.append(continuation) }
        return stream
    }
}
