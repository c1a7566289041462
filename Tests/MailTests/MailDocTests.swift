import Foundation
import Mail
import Operations
import Presentation
import Testing

/// docs/email.md shows what a person receives as the composer writes it.
@Suite struct MailDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theSampleMailInTheDocsIsWhatAnaReceives() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/email.md"), encoding: .utf8)
        let marker = try #require(doc.range(of: "<!-- sample: pending-es -->\n```text\n"))
        let rest = doc[marker.upperBound...]
        let sample = String(rest[..<(try #require(rest.range(of: "```\n"))).lowerBound])
        var draft = Presentation.Draft(
            kind: .confirmationDialog, title: "Remove download", message: "Blue in Green will no longer be available offline.",
            actions: [
                Action(id: "remove", label: "Remove", role: .destructive, localization: Localization("action.remove")),
                Action(id: "cancel", label: "Cancel", role: .cancel, localization: Localization("action.cancel")),
            ], localization: Localization("removeDownload.confirm", ["Blue in Green"]), expiresAfter: 3_600)
        draft.audience = Audience(users: ["ana"])
        let question = try Presentation(draft, id: "p-1", job: "j-1", sequence: 1, createdAt: MailFixtures.now)
        let composer = MailComposer(from: "interlude@example.com", publicURL: "https://interlude.example.com", keys: MailFixtures.keys)
        let mail = composer.mail(
            .pending, about: question, operation: "removeDownload", for: "ana", MailFixtures.ana, texts: RemoveDownload.catalog, sequence: 3,
            now: MailFixtures.now)
        let shown = mail.text.replacing(/\/answer\/p-1\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/, with: "/answer/p-1/LINK")
        #expect(shown == sample)
    }
}
