import Foundation
import Presentation
import Resolver
import Testing
import Wire

/// After our answer, the job's next question (Try Again asks again) takes the answered one's place.
struct SessionPlaceTests {
    typealias F = SessionFixtures

    /// Job `j-1`'s second question, asked after every fixture question.
    static let again: Presentation = {
        let draft = Presentation.Draft.alert("Can't reach the destination", actions: [Action(id: "retry", label: "Try Again"), Fixtures.cancel])
        do {
            return try Presentation(draft, id: "p-1b", job: "j-1", sequence: 2, createdAt: Fixtures.createdAt.addingTimeInterval(100))
        } catch {
            fatalError("fixture is invalid: \(error)")
        }
    }()

    static let askedAgain = Event(sequence: 20, type: .presentationPending, at: Fixtures.now, job: F.job(1), presentation: again)

    /// A session that answered p-1 while p-2 and p-3 waited.
    static func answered() -> ResolverSession {
        var session = ResolverSession()
        _ = session.start(F.snapshot([1, 2, 3], at: 10))
        _ = session.showNext()
        session.beginAnswer("p-1")
        _ = session.answerReplied("p-1", .success(F.resolution(1)))
        return session
    }

    @Test("The job's next question, arriving after the reply, is shown next; until it comes nothing else is")
    func afterTheReply() {
        var session = Self.answered()
        #expect(session.showNext() == nil, "the place is kept")
        #expect(F.presented(session.receive(Self.askedAgain)) == ["p-1b"])
        #expect(session.pending.entries.map(\.id) == ["p-1b", "p-2", "p-3"])
        #expect(session.showNext()?.id == "p-1b")
    }

    @Test("The job's next question, arriving before the reply (after the resolved event), takes the place too")
    func beforeTheReply() {
        var session = ResolverSession()
        _ = session.start(F.snapshot([1, 2], at: 10))
        _ = session.showNext()
        session.beginAnswer("p-1")
        _ = session.receive(F.resolved(1, at: 11))
        _ = session.receive(Self.askedAgain)
        _ = session.answerReplied("p-1", .success(F.resolution(1)))
        #expect(session.holding == nil)
        #expect(session.showNext()?.id == "p-1b")
    }

    @Test("The place is let go when the job ends or the shell lets go; without others waiting none is kept")
    func lettingGo() {
        var ended = Self.answered()
        _ = ended.receive(Event(sequence: 20, type: .jobSucceeded, at: Fixtures.now, job: F.job(1)))
        #expect(ended.showNext()?.id == "p-2")

        var later = Self.answered()
        later.letGo("j-1")
        #expect(later.showNext()?.id == "p-2")
        #expect(F.presented(later.receive(Self.askedAgain)) == ["p-1b"])
        #expect(later.pending.entries.map(\.id) == ["p-2", "p-3", "p-1b"], "once let go, age order")

        var alone = ResolverSession()
        _ = alone.start(F.snapshot([1], at: 10))
        _ = alone.showNext()
        alone.beginAnswer("p-1")
        _ = alone.answerReplied("p-1", .success(F.resolution(1)))
        #expect(alone.holding == nil)
    }
}
