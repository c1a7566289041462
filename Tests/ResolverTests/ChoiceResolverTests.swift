import Foundation
import Presentation
import Resolver
import Testing

/// Rows are arranged ordinary, destructive, cancel; keys are numbers, unambiguous first letters and Escape.
struct ChoiceResolverTests {
    /// The shipped operations' texts and the resolver's own, as a live resolver has them.
    static let catalog = RenderContext(now: Date(), operationCatalog: ShippedTexts.all).catalog

    static let archive = Action(id: "archive", label: "Archive")
    static let delete = Action(id: "delete", label: "Delete", role: .destructive)
    static let wipe = Action(id: "wipe", label: "Wipe", role: .destructive)
    static let keep = Action(id: "keep", label: "Keep", role: .cancel)

    @Test(
        "Arrangement ignores the wire order",
        arguments: [
            ([keep, delete, archive], ["archive", "delete", "keep"]),
            ([wipe, keep, archive, delete], ["archive", "wipe", "delete", "keep"]),
            ([archive], ["archive"]),
        ])
    func arrangement(_ actions: [Action], _ expected: [String]) {
        #expect(ChoiceResolver.arranged(actions).map(\.id) == expected)
    }

    @Test(
        "Keys choose actions in the remove-download dialog",
        arguments: [
            (KeyPress.character("1"), "remove"), (.character("r"), "remove"), (.character("R"), "remove"),
            (.character("2"), "cancel"), (.character("c"), "cancel"), (.escape, "cancel"),
            (.character("3"), nil), (.character("0"), nil), (.character("x"), nil), (.character("\r"), nil),
        ] as [(KeyPress, String?)])
    func removeDownloadKeys(_ key: KeyPress, _ expected: String?) {
        #expect(ChoiceResolver(Fixtures.removeDownload, catalog: Self.catalog, locale: "en").action(for: key) == expected)
    }

    @Test(
        "Letters follow the locale, and a letter two labels share chooses nothing",
        arguments: [
            ("en", KeyPress.character("m"), "moveToDay"), ("en", .character("k"), "keepDay"),
            ("es", .character("m"), nil), ("es", .character("1"), "moveToDay"), ("es", .escape, "keepDay"),
        ] as [(String, KeyPress, String?)])
    func routeConflictKeys(_ locale: String, _ key: KeyPress, _ expected: String?) {
        #expect(ChoiceResolver(Fixtures.routeConflict, catalog: Self.catalog, locale: locale).action(for: key) == expected)
    }

    @Test("Letters ignore accents and skip leading punctuation")
    func foldedLetters() throws {
        let presentation = Fixtures.make(
            .alert("Pick", actions: [Action(id: "now", label: "¡Échalo ya!"), Action(id: "no", label: "No", role: .cancel)]))
        let resolver = ChoiceResolver(presentation, catalog: Self.catalog, locale: "es")
        #expect(resolver.action(for: .character("e")) == "now")
        #expect(resolver.choices.map(\.keyedLabel) == ["¡[É]chalo ya!", "[N]o"])
        #expect(resolver.keys == ["1-2", "É", "N", "Esc"])
    }

    @Test("Without a cancel action Escape chooses nothing")
    func escapeWithoutCancel() {
        let presentation = Fixtures.make(.alert("Note", actions: [Action(id: "seen", label: "Seen")]))
        #expect(ChoiceResolver(presentation, catalog: Self.catalog, locale: "en").action(for: .escape) == nil)
    }

    @Test(
        "A typed line becomes a key press",
        arguments: [
            ("1\n", KeyPress.character("1")), ("r", .character("r")), ("\u{1B}", .escape), ("esc", .escape), ("ESC\n", .escape),
            ("", nil), ("12", nil), ("remove", nil),
        ] as [(String, KeyPress?)])
    func keyPressFromInput(_ input: String, _ expected: KeyPress?) {
        #expect(KeyPress(input: input) == expected)
    }
}
