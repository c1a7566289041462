import Foundation
import Testing
import Wire

@testable import Client

/// The follower's pure core: a snapshot, then every later event once and in order, gaps filled from
/// the journal, a new snapshot when the journal cannot, a new subscription after a silence.
@Suite("Following events") struct FollowerStateTests {
    static func event(_ sequence: Int64) -> Event { Event(sequence: sequence, type: .jobQueued, at: Date(timeIntervalSince1970: 0)) }
    static func heartbeat(_ sequence: Int64) -> Event { Event(sequence: sequence, type: .heartbeat, at: Date(timeIntervalSince1970: 0)) }
    static func page(_ sequences: [Int64], last: Int64) -> FollowerState.Input { .page(.init(events: sequences.map(event), last: last)) }

    /// The sequences of the events an action list delivers.
    static func delivered(_ actions: [FollowerState.Action]) -> [Int64] {
        actions.compactMap { if case .deliver(let event) = $0 { event.sequence } else { nil } }
    }

    /// A follower with a snapshot at `sequence` whose journal had nothing after it.
    func started(at sequence: Int64) -> FollowerState {
        var state = FollowerState()
        _ = state.start()
        _ = state.receive(.snapshot(sequence: sequence))
        _ = state.receive(Self.page([], last: sequence))
        return state
    }

    @Test("Subscribed first: events that arrive before the snapshot are held, and only those after it delivered")
    func eventsBeforeTheSnapshot() {
        var state = FollowerState()
        #expect(state.start() == [.fetchSnapshot])
        #expect(state.receive(.event(Self.event(9))).isEmpty)
        #expect(state.receive(.event(Self.event(10))).isEmpty)
        #expect(state.receive(.event(Self.event(11))).isEmpty)
        let actions = state.receive(.snapshot(sequence: 10))
        #expect(actions == [.deliver(Self.event(11)), .fetchEvents(after: 11)], "the journal after it is read at once")
        #expect(state.sequencer.last == 11)
    }

    @Test("An event past last + 1 asks for the events in between, once; the page fills the gap in order")
    func gapOnEvent() {
        var state = started(at: 10)
        #expect(state.receive(.event(Self.event(13))) == [.fetchEvents(after: 10)])
        #expect(state.receive(.event(Self.heartbeat(13))).isEmpty, "no second fetch while one is outstanding")
        #expect(Self.delivered(state.receive(Self.page([11, 12, 13], last: 13))) == [11, 12, 13])
        #expect(!state.sequencer.fetching)
    }

    @Test("A heartbeat ahead of the last event delivered reveals a quiet gap; a short page asks for the next")
    func gapOnHeartbeatAndPaging() {
        var state = started(at: 10)
        #expect(state.receive(.event(Self.heartbeat(10))).isEmpty)
        #expect(state.receive(.event(Self.heartbeat(13))) == [.fetchEvents(after: 10)])
        #expect(state.receive(Self.page([11], last: 13)) == [.deliver(Self.event(11)), .fetchEvents(after: 11)])
    }

    @Test("A page that cannot fill the hole, or a history behind ours, asks for a new snapshot; events wait for it")
    func snapshotWhenHistoryCannotHelp() {
        var state = started(at: 10)
        _ = state.receive(.event(Self.heartbeat(12)))
        #expect(state.receive(Self.page([], last: 12)) == [.fetchSnapshot])
        #expect(state.receive(.event(Self.event(13))).isEmpty)
        #expect(Self.delivered(state.receive(.snapshot(sequence: 12))) == [13])
        #expect(state.sequencer.fetching, "and the journal after 13 is read")

        var behind = started(at: 50)
        _ = behind.receive(.event(Self.heartbeat(52)))
        #expect(behind.receive(Self.page([], last: 3)) == [.fetchSnapshot], "the broker's journal is behind ours")
    }

    @Test("Repeats and events the snapshot covers are dropped; out-of-order ones wait for the missing one")
    func repeatsAndOrder() {
        var state = started(at: 10)
        #expect(state.receive(.event(Self.event(10))).isEmpty)
        #expect(Self.delivered(state.receive(.event(Self.event(11)))) == [11])
        #expect(state.receive(.event(Self.event(11))).isEmpty)
        #expect(state.receive(.event(Self.event(13))) == [.fetchEvents(after: 11)])
        #expect(Self.delivered(state.receive(.event(Self.event(12)))) == [12, 13])
    }

    @Test("A silence of four ticks subscribes again and catches up; a failed fetch is asked again after the next silence")
    func silence() {
        var state = started(at: 10)
        #expect((1...3).flatMap { _ in state.receive(.tick) }.isEmpty)
        _ = state.receive(.event(Self.heartbeat(10)))
        #expect((1...3).flatMap { _ in state.receive(.tick) }.isEmpty, "a heartbeat resets the silence")
        #expect(state.receive(.tick) == [.resubscribe, .fetchEvents(after: 10)])
        #expect(state.receive(.fetchFailed).isEmpty)
        #expect((1...3).flatMap { _ in state.receive(.tick) }.isEmpty)
        #expect(state.receive(.tick) == [.resubscribe, .fetchEvents(after: 10)])
    }

    @Test("A stream that ends is replaced at once and the journal read from where it stopped")
    func streamEnded() {
        var state = started(at: 10)
        #expect(state.receive(.streamEnded) == [.resubscribe, .fetchEvents(after: 10)])
    }

    @Test("Without a first snapshot, a failed fetch of it is asked again at the next tick, events flowing or not")
    func firstSnapshotRetried() {
        var state = FollowerState()
        _ = state.start()
        #expect(state.receive(.tick).isEmpty, "asked already")
        #expect(state.receive(.fetchFailed).isEmpty)
        _ = state.receive(.event(Self.heartbeat(4)))
        #expect(state.receive(.tick) == [.fetchSnapshot])
    }
}
