import Presentation
import Resolver
import Testing
import Wire

/// A snapshot, then the events after it as the follower delivers them (in order, once).
struct SessionSequenceTests {
    typealias F = SessionFixtures

    @Test("The snapshot's questions come oldest first, then live ones as they arrive")
    func snapshotThenEvents() {
        var session = ResolverSession()
        #expect(F.presented(session.start(F.snapshot([2, 1], at: 10))) == ["p-1", "p-2"])
        #expect(F.presented(session.receive(F.pending(3, at: 11))) == ["p-3"])
        #expect(session.receive(F.queued(4, at: 12)).isEmpty)
        let closing = session.receive(F.resolved(1, at: 13))
        #expect(closing == [.closed(F.entry(1), resolution: F.resolution(1), wasShown: false)])
        #expect(session.pending.entries.map(\.id) == ["p-2", "p-3"])
        #expect(session.pending.entry("p-3")?.operation == "removeDownload")
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
