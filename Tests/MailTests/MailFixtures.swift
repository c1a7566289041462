import Foundation
import Gateway
import Mail
import Presentation
import Wire

/// Questions, people, keys and events the mail tests share.
enum MailFixtures {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let keys = LinkKeys(keys: [LinkKeys.Key(created: now.addingTimeInterval(-3_600), bytes: Array(repeating: 9, count: 32))], grace: 0)
    static let composer = MailComposer(from: "interlude@example.com", publicURL: "https://interlude.example/", keys: keys)
    static let ana = People.Person(email: "ana@example.com", language: "es")
    static let luis = People.Person(email: "luis@example.com")
    static let people = People(["ana": ana, "luis": luis, "eva": People.Person(email: "eva@example.com")])

    /// The removeDownload dialog, for `audience`, its texts in the operation's catalog.
    static func question(
        title: String = "Remove download", audience: Audience? = Audience(users: ["ana"]), fields: [TextFieldState]? = nil, expiresAfter: TimeInterval? = 3_600
    ) -> Presentation {
        var draft = Presentation.Draft(
            kind: .confirmationDialog, title: title, message: "Blue in Green will no longer be available offline.",
            actions: [
                Action(id: "remove", label: "Remove", role: .destructive, localization: Localization("removeDownload.action.remove")),
                Action(id: "cancel", label: "Cancel", role: .cancel),
            ], localization: Localization("removeDownload.confirm", ["Blue in Green"]), expiresAfter: expiresAfter)
        draft.audience = audience
        draft.fields = fields
        return try! Presentation(draft, id: "p-1", job: "j-1", sequence: 1, createdAt: now)
    }

    /// The operation's texts, in Spanish too.
    static let texts = Catalog([
        "es": [
            "removeDownload.confirm.title": "Quitar descarga",
            "removeDownload.confirm.message": "{0} dejará de estar disponible sin conexión.",
            "removeDownload.action.remove": "Quitar",
        ]
    ])

    /// An event of `type` about `presentation`.
    static func event(_ type: Event.Kind, _ presentation: Presentation, sequence: Int64, resolution: Resolution? = nil) -> Event {
        Event(
            sequence: sequence, type: type, at: now,
            job: JobSummary(id: "j-1", operation: "removeDownload", state: .waiting, attempts: 1, updatedAt: now),
            presentation: type == .presentationResolved ? nil : presentation, resolution: resolution)
    }

    /// The text of `part` (`text/plain` or `text/html`) of a rendered message.
    static func part(_ type: String, of message: Data) -> String? {
        let text = String(decoding: message, as: UTF8.self)
        guard let start = text.range(of: "Content-Type: \(type); charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n") else { return nil }
        let rest = text[start.upperBound...]
        let body = rest[..<(rest.range(of: "\r\n--")?.lowerBound ?? rest.endIndex)].replacingOccurrences(of: "\r\n", with: "")
        return Data(base64Encoded: body).map { String(decoding: $0, as: UTF8.self) }
    }
}
