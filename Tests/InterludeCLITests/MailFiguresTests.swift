import Configuration
import Foundation
import Gateway
import Mail
import Presentation
import Testing
import Wire

@testable import InterludeCLI

/// `interlude status` shows the mail outbox's figures as docs/email.md says.
@Suite struct MailFiguresTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// An event about a question for `person`.
    static func pending(_ id: String, for person: String, sequence: Int64) throws -> Event {
        var draft = Presentation.Draft(kind: .alert, title: "Confirm operation", actions: [Action(id: "ok", label: "OK", role: .cancel)])
        draft.audience = Audience(users: [person])
        let question = try Presentation(draft, id: id, job: "j-\(sequence)", sequence: 1, createdAt: now)
        return Event(
            sequence: sequence, type: .presentationPending, at: now,
            job: JobSummary(id: "j-\(sequence)", operation: "resetPreferences", state: .waiting, attempts: 1, updatedAt: now), presentation: question)
    }

    @Test func theStatusLinesAreTheSampleOfTheDocs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mail-figures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var settings = Settings()
        settings.data = folder.path
        #expect(MailFigures.lines(settings) == nil, "no outbox, no line")
        let store = try MailStore(folder: folder)
        let keys = LinkKeys(keys: [LinkKeys.Key(created: Self.now, bytes: Array(repeating: 1, count: 32))], grace: 0)
        let composer = MailComposer(from: "interlude@example.com", publicURL: "http://127.0.0.1:8080", keys: keys)
        let directory = Directory(people: People(["ana": People.Person(email: "ana@example.com"), "luis": People.Person(email: "luis@example.com")]))
        try store.enqueue([try Self.pending("p-3", for: "luis", sequence: 3), try Self.pending("p-4", for: "ana", sequence: 4)], now: Self.now) {
            event, known in
            guard let plan = MailPlan.of(event, known: known, directory: directory) else { return nil }
            return (
                plan,
                plan.recipients.map { name in
                    let person = directory.people.byName[name] ?? People.Person(email: "")
                    return (
                        name,
                        composer.mail(
                            plan.kind, about: plan.question.presentation, operation: "", for: name, person, texts: Catalog([:]), sequence: event.sequence,
                            now: Self.now)
                    )
                }
            )
        }
        try store.settle("3.luis", state: .sent, nextAttemptAt: nil, error: nil, now: Self.now)
        try store.settle("4.ana", state: .failed, nextAttemptAt: nil, error: "the mail server refused the message (server replied 550)", now: Self.now)

        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/email.md"), encoding: .utf8)
        let marker = try #require(doc.range(of: "<!-- sample: status -->\n```text\n"))
        let rest = doc[marker.upperBound...]
        let sample = String(rest[..<(try #require(rest.range(of: "```\n"))).lowerBound])
        #expect(try #require(MailFigures.lines(settings)).joined(separator: "\n") + "\n" == sample)
    }
}
