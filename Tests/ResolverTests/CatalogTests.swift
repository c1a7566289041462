import Presentation
import Testing

/// The shipped catalogs are complete, and lookups fall back from region to language to English to the author's text.
struct CatalogTests {
    @Test("Every key has English and Spanish with the same placeholders")
    func catalogsAreComplete() throws {
        let english = try #require(Catalog.shipped.tables["en"])
        let spanish = try #require(Catalog.shipped.tables["es"])
        #expect(Set(english.keys) == Set(spanish.keys))
        for (key, template) in english {
            #expect(Catalog.placeholders(in: template) == spanish[key].map(Catalog.placeholders), "\(key)")
        }
    }

    @Test("The keys the operations use are all shipped", arguments: [
        "removeDownload.confirm", "exportProject.destinationUnavailable", "exportProject.noAvailableSpace",
        "restoreBackup.confirm", "resetPreferences.confirm", "addStop.conflict",
    ])
    func operationKeysExist(_ key: String) {
        for locale in ["en", "es"] {
            #expect(Catalog.shipped.tables[locale]?["\(key).title"] != nil)
            #expect(Catalog.shipped.tables[locale]?["\(key).message"] != nil)
        }
    }

    @Test("A locale identifier is tried from most to least specific, ending in English", arguments: [
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

    @Test("Lookups localize, then fall back", arguments: [
        (Localization("addStop.conflict", ["Sintra", "2"]), "message", "es_ES.UTF-8", "Sintra ya forma parte del día 2."),
        (Localization("addStop.conflict", ["Sintra", "2"]), "message", "de_DE.UTF-8", "Sintra is already part of day 2."),
        (Localization("action.keepDay", ["2"]), nil, "es", "Mantener el día 2"),
        (Localization("unknown.key"), "title", "es", "fallback"),
        (Localization("addStop.conflict", ["Sintra"]), "message", "es", "fallback"),
    ] as [(Localization, String?, String, String)])
    func lookups(_ localization: Localization, _ part: String?, _ locale: String, _ expected: String) {
        #expect(Catalog.shipped.localize(localization, part: part, fallback: "fallback", locale: locale) == expected)
    }

    @Test("A presentation without localization keeps its own text")
    func noLocalization() {
        #expect(Catalog.shipped.localize(nil, part: "title", fallback: "Own title", locale: "es") == "Own title")
    }

    @Test("Formatting replaces numbered placeholders and leaves the rest", arguments: [
        ("{0} is already part of day {1}.", ["Sintra", "2"], "Sintra is already part of day 2."),
        ("{1} before {0}", ["a", "b"], "b before a"),
        ("{2} and {x} and {", ["a"], "{2} and {x} and {"),
    ])
    func format(_ template: String, _ arguments: [String], _ expected: String) {
        #expect(Catalog.format(template, arguments: arguments) == expected)
    }
}
