import Presentation
import Resolver
import Testing
import Wire

/// A jump in the sequence (on an event, a heartbeat or a page) or a silence asks for what was missed.
struct SessionGapTests {
    typealias F = SessionFixtures

    @Test("An event past last + 1 asks for the events in between, once; the page fills the gap")
    func gapOnEvent() {
        var session = ResolverSession()
        _ = session.start(F.snapshot([], at: 10))
        #expect(session.receive(F.pending(3, at: 13)) == [.fetchEvents(after: 10)])
        #expect(session.receive(F.heartbeat(13)).isEmpty, "no second fetch while one is outstanding")
        let actions = session.receive(F.page([F.pending(1, at: 11), F.queued(2, at: 12), F.pending(3, at: 13)], last: 13))
        #expect(F.presented(actions) == ["p-1", "p-3"])
        #expect(session.sequencer.last == 13)
        #expect(!session.sequencer.fetching)
    }

    @Test("A heartbeat ahead of the last event applied reveals a quiet gap")
    func gapOnHeartbeat() {
        var session = ResolverSession()
        _ = session.start(F.snapshot([], at: 10))
        #expect(session.receive(F.heartbeat(10)).isEmpty)
        #expect(session.receive(F.heartbeat(12)) == [.fetchEvents(after: 10)])
        #expect(F.presented(session.receive(F.page([F.pending(1, at: 11), F.pending(2, at: 12)], last: 12))) == ["p-1", "p-2"])
    }

    @Test("A page cut short by its limit asks for the next one")
    func pagedCatchUp() {
        var session = ResolverSession()
        _ = session.start(F.snapshot([], at: 10))
        _ = session.receive(F.heartbeat(13))
        let actions = session.receive(F.page([F.pending(1, at: 11)], last: 13))
        #expect(actions == [.presented(F.entry(1)), .fetchEvents(after: 11)])
    }

    @Test("A page that cannot fill the hole, or a history behind ours, asks for a new snapshot")
    func snapshotWhenHistoryCannotHelp() {
        var session = ResolverSession()
        _ = session.start(F.snapshot([], at: 10))
        _ = session.receive(F.heartbeat(12))
        #expect(session.receive(F.page([], last: 12)) == [.fetchSnapshot])
        // Events wait for the snapshot, which may be older than what was applied.
        #expect(session.receive(F.pending(2, at: 13)).isEmpty)
        let actions = session.start(F.snapshot([1], at: 12))
        #expect(F.presented(actions) == ["p-1", "p-2"])

        var behind = ResolverSession()
        _ = behind.start(F.snapshot([], at: 50))
        _ = behind.receive(F.heartbeat(52))
        #expect(behind.receive(F.page([], last: 3)) == [.fetchSnapshot], "the broker's journal is newer than ours")
    }

    @Test("A shown question missing from a new snapshot is closed; the cause is looked up by the shell")
    func snapshotDropsShown() {
        var session = ResolverSession()
        _ = session.start(F.snapshot([1, 2], at: 10))
        #expect(session.showNext()?.id == "p-1")
        let actions = session.start(F.snapshot([2], at: 20))
        #expect(actions.first == .closed(F.entry(1), resolution: nil, wasShown: true))
        #expect(session.shown == nil)
        #expect(session.showNext()?.id == "p-2")
    }

    @Test("Silence (no event, no heartbeat) for silenceTicks ticks catches up; a failed fetch is asked again")
    func silence() {
        var session = ResolverSession(silenceTicks: 3)
        _ = session.start(F.snapshot([], at: 10))
        #expect(session.tick().isEmpty)
        _ = session.receive(F.heartbeat(10))
        #expect(session.tick().isEmpty)
        #expect(session.tick().isEmpty)
        #expect(session.tick() == [.fetchEvents(after: 10)])
        session.fetchFailed()
        #expect(session.tick().isEmpty)
        #expect(session.tick().isEmpty)
        #expect(session.tick() == [.fetchEvents(after: 10)])
    }
}
