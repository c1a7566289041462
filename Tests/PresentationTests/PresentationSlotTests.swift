import Foundation
import Presentation
import Testing

@Suite struct PresentationSlotTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func dialog(_ sequence: Int = 1, expiresAfter: TimeInterval? = nil) throws -> Presentation {
        var draft = Presentation.Draft.confirmationDialog(
            "Remove download", titleVisibility: .visible, actions: [Action(id: "remove", label: "Remove", role: .destructive)])
        draft.expiresAfter = expiresAfter
        return try present(draft, sequence: sequence)
    }

    func answer(_ presentation: String = "p-1", _ action: String = "remove", by: String = "ana") -> Answer {
        Answer(presentation: presentation, action: action, by: by, channel: "cli", at: now)
    }

    @Test func startsEmptyAndPresentingFillsIt() throws {
        var slot = PresentationSlot()
        #expect(!slot.isPresenting)
        try slot.present(try dialog())
        #expect(slot.current?.id == "p-1")
    }

    @Test func theFirstAnswerWinsAndClearsTheSlot() throws {
        var slot = PresentationSlot()
        try slot.present(try dialog())
        let resolution = try slot.resolve(answer())
        #expect(resolution.cause == .answered)
        #expect(resolution.action == "remove")
        #expect(resolution.by == "ana")
        #expect(resolution.channel == "cli")
        #expect(slot.current == nil)
    }

    @Test func aSecondAnswerIsRefusedWithTheWinningResolution() throws {
        var slot = PresentationSlot()
        try slot.present(try dialog())
        let winner = try slot.resolve(answer(by: "ana"))
        #expect(throws: SlotRefusal.alreadyResolved(winner)) { try slot.resolve(answer("p-1", "cancel", by: "bo")) }
    }

    @Test func anAnswerToAnythingButTheCurrentPresentationIsStale() throws {
        var slot = PresentationSlot()
        try slot.present(try dialog())
        #expect(throws: SlotRefusal.self) { try slot.resolve(answer("p-other")) }
        #expect(slot.current?.id == "p-1", "a stale answer changes nothing")
    }

    @Test func anUnknownActionIsRefusedAndChangesNothing() throws {
        var slot = PresentationSlot()
        try slot.present(try dialog())
        #expect(throws: SlotRefusal.unknownAction("delete", available: ["remove", "cancel"])) {
            try slot.resolve(answer("p-1", "delete"))
        }
        #expect(slot.isPresenting)
    }

    @Test func onlyOnePresentationAtATime() throws {
        var slot = PresentationSlot()
        try slot.present(try dialog(1))
        #expect(throws: SlotRefusal.self) { try slot.present(try dialog(2)) }
    }

    @Test func sequencesOnlyMoveForward() throws {
        var slot = PresentationSlot()
        try slot.present(try dialog(2))
        _ = try slot.resolve(answer("p-2"))
        #expect(throws: SlotRefusal.outOfOrder(expected: 3, got: 1)) { try slot.present(try dialog(1)) }
        try slot.present(try dialog(3))
    }

    @Test func dismissalResolvesToTheCancelAction() throws {
        var slot = PresentationSlot()
        try slot.present(try dialog())
        let resolution = try slot.dismiss("p-1", by: "ana", channel: "web", at: now)
        #expect(resolution.cause == .dismissed)
        #expect(resolution.action == "cancel")
    }

    @Test func dismissingAnAlertWithoutCancelResolvesToNoAction() throws {
        var slot = PresentationSlot()
        try slot.present(try present(.alert("Heads up", actions: [Action(id: "retry", label: "Retry")])))
        let resolution = try slot.dismiss("p-1", by: "ana", channel: "web", at: now)
        #expect(resolution.action == nil)
    }

    @Test func expiryResolvesToTheCancelActionOnlyOnceItsTimeHasCome() throws {
        var slot = PresentationSlot()
        try slot.present(try dialog(expiresAfter: 60))
        #expect(slot.expire(at: now.addingTimeInterval(59)) == nil)
        let expired = slot.expire(at: now.addingTimeInterval(60))
        let resolution = try #require(expired)
        #expect(resolution.cause == .expired)
        #expect(resolution.action == "cancel")
        #expect(throws: SlotRefusal.alreadyResolved(resolution)) { try slot.resolve(answer()) }
    }

    @Test func withdrawalClearsTheSlotAndLaterAnswersLearnIt() throws {
        var slot = PresentationSlot()
        try slot.present(try dialog())
        let withdrawn = slot.withdraw(at: now)
        let resolution = try #require(withdrawn)
        #expect(resolution.cause == .withdrawn)
        #expect(resolution.action == nil)
        #expect(slot.current == nil)
        #expect(throws: SlotRefusal.alreadyResolved(resolution)) { try slot.resolve(answer()) }
        #expect(slot.withdraw(at: now) == nil, "withdrawing an empty slot is a no-op")
    }
}

extension PresentationSlot {
    /// Answers, expecting the answer to resolve the presentation.
    mutating func resolve(_ answer: Answer) throws -> Resolution {
        try #require(self.answer(answer).resolution)
    }
}
