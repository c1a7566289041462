import Foundation
import Presentation
import Resolver
import Testing

/// The resolver's own texts are complete, and lookups fall back from region to language to English to the author's text.
struct CatalogTests {
    /// The resolver's own texts: what a context holds when the operation announced none.
    static let own = RenderContext(now: Date()).catalog

    @Test("Every key of the resolver has English and Spanish with the same placeholders")
    func theResolversTextsAreComplete() throws {
        let english = try #require(Self.own.tables["en"])
        let spanish = try #require(Self.own.tables["es"])
        #expect(Set(english.keys) == Set(spanish.keys))
        for (key, template) in english {
            #expect(Catalog.placeholders(in: template) == spanish[key].map(Catalog.placeholders), "\(key)")
        }
        #expect(english["action.cancel"] == "Cancel" && spanish["action.ok"] == "Aceptar", "the buttons the model adds by itself")
        #expect(english.keys.allSatisfy { $0.hasPrefix("resolver.") || $0.hasPrefix("action.") })
    }

    @Test("An operation's texts translate its own keys; the resolver's own keys stay the resolver's in every locale")
    func operationTextsNeverReplaceTheResolversOwn() {
        let operation = Catalog([
            "es": ["action.cancel": "Dejarlo", "greet.title": "¿Saludar?"], "es_MX": ["resolver.reason": "Nada: {0}"],
            "en": ["action.ok": "Delete everything"],
        ])
        let catalog = RenderContext(now: Date(), operationCatalog: operation).catalog
        #expect(catalog.string("action.cancel", locale: "es") == "Cancelar")
        #expect(catalog.string("action.ok", locale: "es") == "Aceptar")
        #expect(catalog.string("action.ok", locale: "en") == "OK")
        #expect(catalog.string("resolver.reason", ["x"], locale: "es_MX") == "Motivo: x")
        #expect(catalog.string("greet.title", locale: "es") == "¿Saludar?")
    }

    @Test(
        "A locale identifier is tried from most to least specific, ending in English",
        arguments: [
            ("es_ES.UTF-8", ["es_ES", "es", "en"]),
            ("es-MX", ["es_MX", "es", "en"]),
            ("es", ["es", "en"]),
            ("en_GB.UTF-8@euro", ["en_GB", "en"]),
            ("C", ["C", "c", "en"]),
            ("", ["en"]),
        ])
    func localeCandidates(_ locale: String, _ expected: [String]) {
        #expect(Catalog.candidates(for: locale) == expected)
    }

    @Test(
        "Lookups localize, then fall back",
        arguments: [
            (Localization("addStop.conflict", ["Sintra", "2"]), "message", "es_ES.UTF-8", "Sintra ya forma parte del día 2."),
            (Localization("addStop.conflict", ["Sintra", "2"]), "message", "de_DE.UTF-8", "Sintra is already part of day 2."),
            (Localization("action.keepDay", ["2"]), nil, "es", "Mantener el día 2"),
            (Localization("unknown.key"), "title", "es", "fallback"),
            (Localization("addStop.conflict", ["Sintra"]), "message", "es", "fallback"),
        ] as [(Localization, String?, String, String)])
    func lookups(_ localization: Localization, _ part: String?, _ locale: String, _ expected: String) {
        #expect(ShippedTexts.all.localize(localization, part: part, fallback: "fallback", locale: locale) == expected)
    }

    @Test("A presentation without localization keeps its own text")
    func noLocalization() {
        #expect(ShippedTexts.all.localize(nil, part: "title", fallback: "Own title", locale: "es") == "Own title")
    }

    @Test(
        "Formatting replaces numbered placeholders and leaves the rest",
        arguments: [
            ("{0} is already part of day {1}.", ["Sintra", "2"], "Sintra is already part of day 2."),
            ("{1} before {0}", ["a", "b"], "b before a"),
            ("{2} and {x} and {", ["a"], "{2} and {x} and {"),
        ])
    func format(_ template: String, _ arguments: [String], _ expected: String) {
        #expect(Catalog.format(template, arguments: arguments) == expected)
    }
}
