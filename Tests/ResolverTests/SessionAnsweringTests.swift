import Presentation
import Resolver
import Testing
import Wire

/// Our answer: success only on a resolution reply; a lost race names the winner; no reply claims nothing.
struct SessionAnsweringTests {
    typealias F = SessionFixtures

    static func answering(_ number: Int = 1) -> ResolverSession {
        var session = ResolverSession()
        _ = session.start(F.snapshot([1, 2], at: 10))
        _ = session.showNext()
        session.beginAnswer("p-\(number)")
        return session
    }

    @Test("A resolution reply is our success; its event afterwards changes nothing")
    func success() {
        var session = Self.answering()
        #expect(session.showNext() == nil, "nothing else is shown while the answer is in flight")
        let ours = F.resolution(1, by: "bob")
        #expect(session.answerReplied("p-1", .success(ours)) == [.answered(F.entry(1), ours)])
        #expect(session.receive(F.resolved(1, at: 11, by: "bob")).isEmpty)
        #expect(session.showNext() == nil, "p-1's place is kept a moment for its job's next question")
        session.letGo("j-1")
        #expect(session.showNext()?.id == "p-2")
    }

    @Test("The resolved event arriving before the reply closes nothing; the reply decides")
    func eventBeforeReply() {
        var session = Self.answering()
        #expect(session.receive(F.resolved(1, at: 11, by: "bob")).isEmpty)
        let ours = F.resolution(1, by: "bob")
        #expect(session.answerReplied("p-1", .success(ours)) == [.answered(F.entry(1), ours)])
    }

    @Test("Already resolved: the race is lost to the winner the refusal names, or the event named")
    func lostRace() {
        var session = Self.answering()
        let winner = F.resolution(1, by: "ana")
        let refusal = WireError(.alreadyResolved, "already answered", resolution: winner)
        #expect(session.answerReplied("p-1", .failure(refusal)) == [.lostRace(F.entry(1), refusal, winner: winner)])
        #expect(session.pending.entries.map(\.id) == ["p-2"])

        var late = Self.answering()
        _ = late.receive(F.resolved(1, at: 11, .expired, action: "cancel"))
        let bare = WireError(.alreadyResolved, "already resolved")
        let expired = F.resolution(1, .expired, action: "cancel")
        #expect(late.answerReplied("p-1", .failure(bare)) == [.lostRace(F.entry(1), bare, winner: expired)])
    }

    @Test("One approval of several recorded: the question is set aside for this person, not shown again")
    func approvalRecorded() {
        var session = Self.answering()
        let recorded = WireError(.alreadyApproved, "1 of 2 approvals: waiting for one more (approved by bob)")
        #expect(session.answerReplied("p-1", .failure(recorded)) == [.refused(F.entry(1), recorded)])
        #expect(session.pending.entries.map(\.id) == ["p-2"])
        #expect(session.showNext()?.id == "p-2")
    }

    @Test("No reply in time: nothing is claimed and the question is shown again")
    func timeout() {
        var session = Self.answering()
        let timeout = WireError(.timeout, "the broker did not answer")
        #expect(session.answerReplied("p-1", .failure(timeout)) == [.refused(F.entry(1), timeout)])
        #expect(session.showNext()?.id == "p-1")
    }

    @Test("No reply in time, but the event came: it closes the question with what happened")
    func timeoutAfterEvent() {
        var session = Self.answering()
        _ = session.receive(F.resolved(1, at: 11, by: "ana"))
        let timeout = WireError(.timeout, "the broker did not answer")
        #expect(
            session.answerReplied("p-1", .failure(timeout)) == [
                .refused(F.entry(1), timeout), .closed(F.entry(1), resolution: F.resolution(1, by: "ana"), wasShown: true),
            ])
        #expect(session.showNext()?.id == "p-2")
    }

    @Test("Stale: the question is no longer current and is dropped")
    func stale() {
        var session = Self.answering()
        let stale = WireError(.stale, "not the current question")
        #expect(session.answerReplied("p-1", .failure(stale)) == [.refused(F.entry(1), stale)])
        #expect(session.showNext()?.id == "p-2")
    }

    @Test("A reply for a question not being answered is ignored")
    func strayReply() {
        var session = Self.answering()
        #expect(session.answerReplied("p-2", .success(F.resolution(2))).isEmpty)
    }
}
