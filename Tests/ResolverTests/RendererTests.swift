import Foundation
import Presentation
import Resolver
import Testing

/// The renderer's rules apart from the golden texts: titles, age, prompt, wrapping and ordering.
struct RendererTests {
    static func renderer(locale: String = "en", width: Int = 60, operation: String? = nil, age: TimeInterval = 150) -> TerminalRenderer {
        TerminalRenderer(
            context: RenderContext(
                locale: locale, width: width, operation: operation, now: Fixtures.createdAt.addingTimeInterval(age),
                operationCatalog: ShippedTexts.catalog(for: operation)))
    }

    @Test(
        "The title follows titleVisibility; automatic hides a dialog's title without a message",
        arguments: [
            (Presentation.Kind.alert, Presentation.TitleVisibility.automatic, false, true),
            (.alert, .hidden, true, false),
            (.confirmationDialog, .automatic, true, true),
            (.confirmationDialog, .automatic, false, false),
            (.confirmationDialog, .visible, false, true),
            (.confirmationDialog, .hidden, true, false),
        ])
    func titleVisibility(_ kind: Presentation.Kind, _ visibility: Presentation.TitleVisibility, _ hasMessage: Bool, _ shown: Bool) {
        let presentation = Fixtures.make(
            Presentation.Draft(kind: kind, title: "Title", titleVisibility: visibility, message: hasMessage ? "Message." : nil))
        #expect(TerminalRenderer.showsTitle(presentation) == shown)
        #expect(Self.renderer().render(presentation).contains { $0.contains("Title") } == shown)
    }

    @Test(
        "The header gives the operation and the age",
        arguments: [
            (0.0, "en", "removeDownload · just now"), (42, "en", "removeDownload · 42 s ago"),
            (150, "es", "removeDownload · hace 2 min"), (7_300, "en", "removeDownload · 2 h ago"),
            (3 * 86_400, "es", "removeDownload · hace 3 d"), (-30, "en", "removeDownload · just now"),
        ] as [(TimeInterval, String, String)])
    func header(_ age: TimeInterval, _ locale: String, _ expected: String) {
        let lines = Self.renderer(locale: locale, operation: "removeDownload", age: age).render(Fixtures.removeDownload)
        #expect(lines.first == expected)
    }

    @Test("Without an operation the header names the job")
    func headerWithoutOperation() {
        #expect(Self.renderer().render(Fixtures.removeDownload).first == "j-7 · 2 min ago")
    }

    @Test(
        "The prompt lists the keys",
        arguments: [
            (Seed.removeDownload, "en", "Choose [1-2, R, C, Esc]: "),
            (.routeConflict, "es", "Elige [1-2, Esc]: "),
            (.noAvailableSpace, "en", "Choose [1, C, Esc]: "),
        ])
    func prompt(_ seed: Seed, _ locale: String, _ expected: String) {
        #expect(Self.renderer(locale: locale).prompt(seed.presentation) == expected)
    }

    @Test("No line is wider than the terminal", arguments: Seed.allCases, [20, 32, 45])
    func narrowTerminal(_ seed: Seed, _ width: Int) {
        let lines = Self.renderer(locale: "es", width: width, operation: "op").render(seed.presentation)
        #expect(lines.allSatisfy { $0.count <= width }, "\(lines.joined(separator: "\n"))")
    }

    @Test("Ordinary actions come before destructive ones and cancel is last")
    func ordering() {
        let presentation = Fixtures.make(
            .confirmationDialog(
                "Clean up", message: "Two ways.",
                actions: [
                    Action(id: "keep", label: "Keep", role: .cancel), Action(id: "delete", label: "Delete", role: .destructive),
                    Action(id: "archive", label: "Archive"),
                ]))
        #expect(
            Array(Self.renderer().render(presentation).dropFirst(3)) == [
                "  ────────────────────────────",
                "  [1] [A]rchive",
                "  [2] [D]elete (⚠ destructive)",
                "  ────────────────────────────",
                "  [3] [K]eep (Esc)",
            ])
    }
}
