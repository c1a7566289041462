import Presentation
import Resolver
import Testing
import Wire

/// Snapshot and live events reconciled by sequence: each question once, in order, nothing missed.
struct SessionSequenceTests {
    typealias F = SessionFixtures

    @Test("The snapshot's questions come oldest first, then live ones as they arrive")
    func snapshotThenEvents() {
        var session = ResolverSession()
        #expect(F.presented(session.start(F.snapshot([2, 1], at: 10))) == ["p-1", "p-2"])
        #expect(F.presented(session.receive(F.pending(3, at: 11))) == ["p-3"])
        #expect(session.receive(F.queued(4, at: 12)).isEmpty)
        #expect(session.pending.entries.map(\.id) == ["p-1", "p-2", "p-3"])
        #expect(session.pending.entry("p-3")?.operation == "removeDownload")
        #expect(session.sequencer.last == 12)
    }

    @Test("Events received before the snapshot are applied only when newer than it")
    func eventsBeforeTheSnapshot() {
        var session = ResolverSession()
        // Subscribed first: these arrive while the snapshot is on its way.
        #expect(session.receive(F.pending(1, at: 9)).isEmpty)
        #expect(session.receive(F.pending(2, at: 10)).isEmpty)
        #expect(session.receive(F.resolved(1, at: 11)).isEmpty)
        // The snapshot reflects sequence 10: p-1 and p-2 pending; event 11 still applies.
        let actions = session.start(F.snapshot([1, 2], at: 10))
        #expect(F.presented(actions) == ["p-1", "p-2"])
        #expect(actions.contains(.closed(F.entry(1), resolution: F.resolution(1), wasShown: false)))
        #expect(session.pending.entries.map(\.id) == ["p-2"])
        #expect(session.sequencer.last == 11)
    }

    @Test("A duplicate event, or one the snapshot already covers, changes nothing")
    func duplicates() {
        var session = ResolverSession()
        _ = session.start(F.snapshot([1], at: 10))
        #expect(session.receive(F.pending(1, at: 10)).isEmpty)
        #expect(F.presented(session.receive(F.pending(2, at: 11))) == ["p-2"])
        #expect(session.receive(F.pending(2, at: 11)).isEmpty)
        #expect(session.receive(F.resolved(1, at: 5)).isEmpty, "an old event is ignored")
        #expect(session.pending.entries.map(\.id) == ["p-1", "p-2"])
    }

    @Test("Out-of-order events are held and applied in sequence once the missing one comes")
    func outOfOrder() {
        var session = ResolverSession()
        _ = session.start(F.snapshot([], at: 10))
        #expect(session.receive(F.resolved(1, at: 12)) == [.fetchEvents(after: 10)])
        #expect(session.receive(F.pending(2, at: 13)).isEmpty, "held; the fetch is already asked for")
        let actions = session.receive(F.pending(1, at: 11))
        #expect(actions == [
            .presented(F.entry(1)), .closed(F.entry(1), resolution: F.resolution(1), wasShown: false), .presented(F.entry(2)),
        ])
        #expect(session.pending.entries.map(\.id) == ["p-2"])
        #expect(session.sequencer.last == 13)
    }

    @Test("A new snapshot never brings back a question already seen to end")
    func endedStayEnded() {
        var session = ResolverSession()
        _ = session.start(F.snapshot([1], at: 10))
        _ = session.receive(F.resolved(1, at: 11))
        // A snapshot taken before the resolution arrives late.
        #expect(F.presented(session.start(F.snapshot([1], at: 10))).isEmpty)
        #expect(session.pending.entries.isEmpty)
    }

    @Test("With once, only the first snapshot's questions are handled, and then the session is finished")
    func once() {
        var session = ResolverSession(once: true)
        _ = session.start(F.snapshot([1], at: 10))
        #expect(session.receive(F.pending(2, at: 11)).isEmpty)
        #expect(!session.isFinished)
        #expect(session.showNext()?.id == "p-1")
        session.beginAnswer("p-1")
        _ = session.answerReplied("p-1", .success(F.resolution(1, by: "bot")))
        #expect(session.isFinished)
    }
}
