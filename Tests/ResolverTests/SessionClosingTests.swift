import Presentation
import Resolver
import Testing
import Wire

/// Live changes close what they end: the shown question with a line, others quietly.
struct SessionClosingTests {
    typealias F = SessionFixtures

    @Test("The shown question closes when it ends elsewhere, and the next one is shown", arguments: Resolution.Cause.allCases)
    func shownCloses(_ cause: Resolution.Cause) {
        var session = ResolverSession()
        _ = session.start(F.snapshot([1, 2], at: 10))
        #expect(session.showNext()?.id == "p-1")
        #expect(session.waiting == 1)
        let event = F.resolved(1, at: 11, cause, action: cause == .withdrawn ? nil : "cancel")
        #expect(session.receive(event) == [.closed(F.entry(1), resolution: event.resolution, wasShown: true)])
        #expect(session.shown == nil)
        #expect(session.showNext()?.id == "p-2")
        #expect(session.waiting == 0)
    }

    @Test("A question that is not shown closes without a line and leaves the shown one alone")
    func otherCloses() {
        var session = ResolverSession()
        _ = session.start(F.snapshot([1, 2], at: 10))
        _ = session.showNext()
        #expect(
            session.receive(F.resolved(2, at: 11, .expired, action: "cancel")) == [
                .closed(F.entry(2), resolution: F.resolution(2, .expired, action: "cancel"), wasShown: false)
            ])
        #expect(session.shown?.id == "p-1")
    }

    @Test("A newer question does not replace the shown one")
    func shownStays() {
        var session = ResolverSession()
        _ = session.start(F.snapshot([2], at: 10))
        _ = session.showNext()
        var older = F.pending(1, at: 11)
        older = Event(sequence: 11, type: .presentationPending, at: older.at, job: older.job, presentation: F.presentation(1))
        _ = session.receive(older)
        #expect(session.showNext()?.id == "p-2")
        #expect(session.pending.entries.map(\.id) == ["p-1", "p-2"], "the list stays oldest first")
    }

    @Test("A question set aside is not shown again, nor counted as waiting")
    func setAside() {
        var session = ResolverSession()
        _ = session.start(F.snapshot([1, 2], at: 10))
        _ = session.showNext()
        session.setAside("p-1")
        #expect(session.showNext()?.id == "p-2")
        #expect(session.waiting == 0)
    }
}
