import Foundation
import Presentation
import Testing

@Suite struct RuleTests {
    static let cancel = Action(id: "cancel", label: "Cancel", role: .cancel)

    @Test(arguments: [
        (Presentation.Draft.alert("", actions: [cancel]), InvalidPresentation.Code.emptyTitle),
        (.alert(String(repeating: "t", count: 201)), .titleTooLong),
        (.alert("T", message: String(repeating: "m", count: 2_001)), .messageTooLong),
        (.alert("T", actions: [Action(id: "", label: "X")]), .emptyActionID),
        (.alert("T", actions: [Action(id: "a b", label: "X")]), .invalidActionID),
        (.alert("T", actions: [Action(id: "a", label: "X"), Action(id: "a", label: "Y")]), .duplicateActionID),
        (.alert("T", actions: [Action(id: "a", label: " ")]), .emptyLabel),
        (.alert("T", actions: [Action(id: "a", label: String(repeating: "l", count: 101))]), .labelTooLong),
        (.alert("T", actions: [cancel, Action(id: "no", label: "No", role: .cancel)]), .severalCancelActions),
        (.alert("T", actions: (0..<9).map { Action(id: "a\($0)", label: "A") }), .tooManyActions),
        (.alert(error: PresentedError(code: "", description: "x")), .invalidError),
    ])
    func buildingRefusesADraftThatBreaksARule(draft: Presentation.Draft, code: InvalidPresentation.Code) {
        let error = #expect(throws: InvalidPresentation.self) { try present(draft) }
        #expect(error?.code == code)
    }

    @Test func aDialogWithAnActionCalledCancelThatIsNotTheCancelRoleStillGetsAWayOut() throws {
        let dialog = try present(.confirmationDialog("Pick", actions: [Action(id: "cancel", label: "Cancel order")]))
        #expect(dialog.cancelAction?.id == "cancel-dialog")
        #expect(Set(dialog.actions.map(\.id)).count == dialog.actions.count)
    }

    @Test func expiryMustComeAfterCreation() {
        var draft = Presentation.Draft.alert("T")
        draft.expiresAfter = 0
        #expect(throws: InvalidPresentation.self) { try present(draft) }
        draft.expiresAfter = 60
        #expect((try? present(draft))?.expiresAt != nil)
    }

    @Test func sequenceStartsAtOne() {
        #expect(throws: InvalidPresentation.self) {
            try Presentation(.alert("T"), id: "p", job: "j", sequence: 0, createdAt: .now)
        }
    }
}
