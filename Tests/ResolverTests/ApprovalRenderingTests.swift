import Foundation
import Presentation
import Resolver
import Testing

/// An action that needs several people says under its row how many it needs and who approved so far.
struct ApprovalRenderingTests {
    static let deploy = Fixtures.make(
        .confirmationDialog(
            "Deploy release", titleVisibility: .visible, message: "Release 2.4.1 goes live.",
            actions: [Action(id: "deploy", label: "Deploy", approvals: 2), Fixtures.cancel]))

    static func approval(_ by: String, _ action: String = "deploy") -> Approval {
        Approval(action: action, by: by, channel: "cli", at: Fixtures.createdAt)
    }

    static func lines(_ approvals: [Approval], locale: String = "en", kind: Presentation.Kind = .confirmationDialog) -> [String] {
        let presentation =
            kind == .alert
            ? Fixtures.make(
                .alert("Deploy release", message: "Release 2.4.1 goes live.", actions: [Action(id: "deploy", label: "Deploy", approvals: 2), Fixtures.cancel]))
            : deploy
        let renderer = TerminalRenderer(context: RenderContext(locale: locale, width: 60, now: Fixtures.now))
        return renderer.render(presentation, approvals: approvals)
    }

    @Test(
        "The line under the action counts its approvals and names who gave them, in the person's language",
        arguments: [
            ([], "en", "needs 2 approvals, none so far"),
            ([approval("ana")], "en", "needs 2 approvals, 1 so far: ana"),
            ([approval("ana"), approval("cancel-voter", "cancel")], "en", "needs 2 approvals, 1 so far: ana"),
            ([], "es", "necesita 2 aprobaciones, ninguna hasta ahora"),
            ([approval("ana")], "es_ES.UTF-8", "necesita 2 aprobaciones, 1 hasta ahora: ana"),
        ] as [([Approval], String, String)])
    func underTheAction(_ approvals: [Approval], _ locale: String, _ expected: String) throws {
        let lines = Self.lines(approvals, locale: locale)
        let row = try #require(lines.firstIndex { $0.contains("[1] [D]eploy") })
        #expect(lines[row + 1] == "      \(expected)")
    }

    @Test("An alert says it inside its box, under the action")
    func inAnAlert() throws {
        let lines = Self.lines([Self.approval("ana")], kind: .alert)
        let row = try #require(lines.firstIndex { $0.contains("[1] [D]eploy") })
        #expect(lines[row + 1].hasPrefix("│     needs 2 approvals, 1 so far: ana"))
        #expect(lines[row + 1].hasSuffix(" │"))
    }

    @Test("An action one person takes has no such line")
    func ordinaryActions() {
        let renderer = TerminalRenderer(context: RenderContext(width: 60, now: Fixtures.now))
        #expect(!renderer.render(Fixtures.removeDownload, approvals: [Self.approval("ana", "remove")]).contains { $0.contains("approvals") })
    }

    @Test("A name a person chose is written visibly, never as a control sequence")
    func namesEscaped() {
        #expect(!Self.lines([Self.approval("ana\u{1B}[2J")]).joined().contains("\u{1B}"))
    }
}
