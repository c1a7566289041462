import Foundation
import Presentation
import Resolver
import Testing
import Wire

/// Where a question's approvals stand, kept current by the session: seeded by the snapshot, moved by
/// each `presentation.approved` event, so the dialog on screen can say it.
struct SessionApprovalTests {
    typealias F = SessionFixtures

    static func approval(_ by: String, _ action: String = "remove") -> Approval {
        Approval(action: action, by: by, channel: "cli", at: Fixtures.now)
    }

    /// `presentation.approved` for question `number`'s Remove, which needs two people, with `approvers` so far.
    static func approved(_ number: Int, by approvers: [String], at sequence: Int64) -> Event {
        let progress = ApprovalProgress(presentation: "p-\(number)", action: "remove", needed: 2, approvals: approvers.map { approval($0) })
        return Event(sequence: sequence, type: .presentationApproved, at: Fixtures.now, job: F.job(number), approvals: progress)
    }

    static func snapshot(_ numbers: [Int], at sequence: Int64, approvals: [String: [Approval]]) -> BrokerReply.PendingSnapshot {
        let plain = F.snapshot(numbers, at: sequence)
        return BrokerReply.PendingSnapshot(presentations: plain.presentations, sequence: sequence, operations: plain.operations, approvals: approvals)
    }

    @Test("The snapshot's approvals come with the questions it lists")
    func seededBySnapshot() {
        var session = ResolverSession()
        _ = session.start(Self.snapshot([1, 2], at: 10, approvals: ["p-2": [Self.approval("ana")]]))
        #expect(session.pending.entry("p-2")?.approvals == [Self.approval("ana")])
        #expect(session.pending.entry("p-1")?.approvals == [])
    }

    @Test("An approval of the shown question updates it where it is shown, and says so")
    func eventUpdatesShown() throws {
        var session = ResolverSession()
        _ = session.start(F.snapshot([1, 2], at: 10))
        #expect(session.showNext()?.id == "p-1")
        let actions = session.receive(Self.approved(1, by: ["ana"], at: 11))
        let updated = PendingEntry(F.presentation(1), operation: "removeDownload", approvals: [Self.approval("ana")])
        #expect(actions == [.approved(updated)])
        #expect(session.shown == updated)
        #expect(session.pending.entry("p-1") == updated)
        #expect(session.showNext() == updated)
    }

    @Test("A later approval replaces the action's count; approvals of another action are kept")
    func laterApproval() {
        var session = ResolverSession()
        _ = session.start(Self.snapshot([1], at: 10, approvals: ["p-1": [Self.approval("bo", "cancel"), Self.approval("ana")]]))
        _ = session.receive(Self.approved(1, by: ["ana", "cy"], at: 11))
        #expect(session.pending.entry("p-1")?.approvals == [Self.approval("bo", "cancel"), Self.approval("ana"), Self.approval("cy")])
    }

    @Test("An approval of a question not pending here, or one that changes nothing, asks for nothing")
    func nothingToUpdate() {
        var session = ResolverSession()
        _ = session.start(Self.snapshot([1], at: 10, approvals: ["p-1": [Self.approval("ana")]]))
        #expect(session.receive(Self.approved(7, by: ["ana"], at: 11)).isEmpty)
        #expect(session.receive(Self.approved(1, by: ["ana"], at: 12)).isEmpty)
    }

    @Test("A new snapshot brings a pending question's approvals up to date without announcing it again")
    func newSnapshotUpdates() {
        var session = ResolverSession()
        _ = session.start(F.snapshot([1], at: 10))
        let actions = session.start(Self.snapshot([1], at: 20, approvals: ["p-1": [Self.approval("ana")]]))
        #expect(actions == [.approved(PendingEntry(F.presentation(1), operation: "removeDownload", approvals: [Self.approval("ana")]))])
        #expect(session.pending.entry("p-1")?.approvals == [Self.approval("ana")])
    }
}
