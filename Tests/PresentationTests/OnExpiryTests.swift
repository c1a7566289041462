import Foundation
import JSON
import Presentation
import Testing

/// The author's default on expiry: `onExpiry` names the action an expiry resolves to instead of the cancel action.
@Suite struct OnExpiryTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func deploy(onExpiry: String?, approvals: Int = 2) -> Presentation.Draft {
        var draft = Presentation.Draft.confirmationDialog(
            "Deploy release", actions: [Action(id: "deploy", label: "Deploy", approvals: approvals), Action(id: "hold", label: "Hold")])
        draft.audience = Audience(groups: ["ops"])
        draft.expiresAfter = 60
        draft.onExpiry = onExpiry
        return draft
    }

    @Test(arguments: [(String?("deploy"), String?("deploy")), ("hold", "hold"), (nil, "cancel")])
    func anExpiryResolvesToTheAuthorsChoiceElseTheCancelActionEvenWithApprovalsShort(onExpiry: String?, expected: String?) throws {
        var slot = PresentationSlot()
        try slot.present(try present(deploy(onExpiry: onExpiry)))
        _ = try slot.answer(Answer(presentation: "p-1", action: "deploy", by: "ana", channel: "cli", at: now))
        let early = slot.expire(at: now.addingTimeInterval(30))
        #expect(early == nil)
        let expired = slot.expire(at: now.addingTimeInterval(60))
        let resolution = try #require(expired)
        #expect(resolution.cause == .expired && resolution.action == expected && resolution.by == nil)
        #expect(resolution.approvals?.map(\.by) == ["ana"])
    }

    @Test func aChoiceThatIsNotOneOfTheActionsIsRefused() {
        let error = #expect(throws: InvalidPresentation.self) { try present(deploy(onExpiry: "launch")) }
        #expect(error?.code == .invalidExpiry && error?.description.contains("\"launch\"") == true, "\(String(describing: error))")
    }

    @Test func theChoiceIsKeptByEveryReaderAndWriterOfDraftsAndPresentations() throws {
        let draft = deploy(onExpiry: "hold")
        #expect(try JSONReader.read(Presentation.Draft.self, from: JSONWriter.text(draft)).onExpiry == "hold")
        #expect(try JSONCoding.decoder.decode(Presentation.Draft.self, from: JSONCoding.encoder.encode(draft)).onExpiry == "hold")
        let presentation = try present(draft)
        #expect(presentation.onExpiry == "hold" && presentation.expiryAction?.id == "hold")
        let read = try JSONReader.read(Presentation.self, from: JSONWriter.text(presentation))
        #expect(read == presentation)
        #expect(try JSONCoding.decoder.decode(Presentation.self, from: JSONCoding.encoder.encode(presentation)) == presentation)
        #expect(presentation.trimmed().onExpiry == "hold")
        #expect(try JSONReader.read(Presentation.self, from: JSONWriter.text(try present(deploy(onExpiry: nil)))).onExpiry == nil)
    }
}
