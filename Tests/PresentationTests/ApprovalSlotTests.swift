import Foundation
import JSON
import Presentation
import Testing

/// An action that needs several people: the slot counts distinct approvers and resolves once, on the last.
@Suite struct ApprovalSlotTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func deploy(approvals: Int = 2, audience: Audience? = Audience(groups: ["ops"]), expiresAfter: TimeInterval? = nil) throws -> Presentation {
        var draft = Presentation.Draft.confirmationDialog(
            "Deploy release", actions: [Action(id: "deploy", label: "Deploy", approvals: approvals)])
        draft.audience = audience
        draft.expiresAfter = expiresAfter
        return try present(draft)
    }

    func answer(_ action: String = "deploy", by: String, channel: String = "cli", after seconds: TimeInterval = 0) -> Answer {
        Answer(presentation: "p-1", action: action, by: by, channel: channel, at: now.addingTimeInterval(seconds))
    }

    @Test func theSecondApprovalResolvesTheQuestionAndItsResolutionListsBothApprovers() throws {
        var slot = PresentationSlot()
        try slot.present(try deploy())
        guard case .approved(let progress) = try slot.answer(answer(by: "ana", channel: "http")) else {
            Issue.record("one approval of two must not resolve")
            return
        }
        #expect(progress.description == "1 of 2 approvals: waiting for one more (approved by ana)")
        #expect(slot.current?.id == "p-1")
        #expect(slot.approvals.map(\.by) == ["ana"])
        let resolution = try #require(try slot.answer(answer(by: "bo", after: 5)).resolution)
        #expect(resolution.cause == .answered)
        #expect(resolution.action == "deploy")
        #expect(resolution.by == "bo")
        #expect(
            resolution.approvals == [
                Approval(action: "deploy", by: "ana", channel: "http", at: now),
                Approval(action: "deploy", by: "bo", channel: "cli", at: now.addingTimeInterval(5)),
            ])
        #expect(resolution.summary == "approved by ana (http), bo (cli) with deploy")
        #expect(slot.current == nil)
        #expect(slot.approvals.isEmpty)
        #expect(throws: SlotRefusal.alreadyResolved(resolution)) { try slot.answer(answer(by: "cy")) }
    }

    @Test func theSamePersonApprovingTwiceIsRefusedAndTheCountStays() throws {
        var slot = PresentationSlot()
        try slot.present(try deploy())
        _ = try slot.answer(answer(by: "ana"))
        do {
            _ = try slot.answer(answer(by: "ana", channel: "web", after: 1))
            Issue.record("the same person must not count twice")
        } catch {
            guard case .alreadyApproved(let earlier, let progress) = error else {
                Issue.record("expected alreadyApproved, got \(error)")
                return
            }
            #expect(earlier.by == "ana")
            #expect(progress.approvals.count == 1)
            #expect(error.description.contains("ana already approved deploy"))
        }
        #expect(slot.current?.id == "p-1")
        #expect(slot.approvals.count == 1)
    }

    @Test func aCancelAnswerEndsTheQuestionAtOnceWithTheApprovalsItHad() throws {
        var slot = PresentationSlot()
        try slot.present(try deploy(approvals: 3))
        _ = try slot.answer(answer(by: "ana"))
        let resolution = try #require(try slot.answer(answer("cancel", by: "bo")).resolution)
        #expect(resolution.action == "cancel")
        #expect(resolution.by == "bo")
        #expect(resolution.approvals?.map(\.by) == ["ana"])
        #expect(slot.current == nil)
    }

    @Test func expiryResolvesToTheCancelActionEvenWithApprovalsShort() throws {
        var slot = PresentationSlot()
        try slot.present(try deploy(expiresAfter: 60))
        _ = try slot.answer(answer(by: "ana"))
        let early = slot.expire(at: now.addingTimeInterval(30))
        #expect(early == nil)
        let expired = slot.expire(at: now.addingTimeInterval(60))
        let resolution = try #require(expired)
        #expect(resolution.cause == .expired)
        #expect(resolution.action == "cancel")
        #expect(resolution.approvals?.map(\.by) == ["ana"])
    }

    @Test func aRestoredSlotKeepsTheCountSoTheNextApprovalResolves() throws {
        let question = try deploy()
        let earlier = Approval(action: "deploy", by: "ana", channel: "http", at: now)
        var slot = PresentationSlot(current: question, resolutions: [], lastSequence: 1, approvals: [earlier])
        #expect(throws: SlotRefusal.self) { try slot.answer(answer(by: "ana")) }
        let resolution = try #require(try slot.answer(answer(by: "bo")).resolution)
        #expect(resolution.approvals?.map(\.by) == ["ana", "bo"])
    }

    @Test(
        arguments: [
            (2, Audience(users: ["ana"]), "needs 2 approvals but its audience names only 1 user(s)"),
            (0, nil, "needs 0 approvals; 1 to 32"),
            (33, nil, "needs 33 approvals; 1 to 32"),
        ] as [(Int, Audience?, String)])
    func approvalsNoOneCouldGiveAreRefused(_ approvals: Int, _ audience: Audience?, _ detail: String) throws {
        #expect(throws: InvalidPresentation(.invalidApprovals, "action \"deploy\" \(detail)")) {
            try deploy(approvals: approvals, audience: audience)
        }
    }

    @Test func aCancelActionNeedsOneAnswer() {
        let draft = Presentation.Draft.confirmationDialog("Deploy release", actions: [Action(id: "stop", label: "Stop", role: .cancel, approvals: 2)])
        #expect(throws: InvalidPresentation.self) { try present(draft) }
    }

    @Test func actionsAndResolutionsCarryTheirApprovalsThroughJSON() throws {
        let question = try deploy(audience: Audience(users: ["ana", "bo"]))
        let read = try JSONReader.read(Presentation.self, from: Data(try JSONWriter.text(question).utf8))
        #expect(read.actions.first?.approvals == 2)
        #expect(try JSONCoding.decoder.decode(Presentation.self, from: JSONCoding.encoder.encode(question)) == question)
        var slot = PresentationSlot(current: question)
        _ = try slot.answer(answer(by: "ana"))
        let resolution = try #require(try slot.answer(answer(by: "bo")).resolution)
        #expect(try JSONReader.read(Resolution.self, from: Data(try JSONWriter.text(resolution).utf8)) == resolution)
        #expect(try JSONCoding.decoder.decode(Resolution.self, from: JSONCoding.encoder.encode(resolution)) == resolution)
    }
}
