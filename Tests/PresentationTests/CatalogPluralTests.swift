import Presentation
import Testing

/// A text that depends on a count has plural forms, chosen by its first argument by the CLDR rules for
/// English and Spanish, in every resolver that looks texts up with `Catalog`.
@Suite struct CatalogPluralTests {
    static let catalog = Catalog([
        "en": ["archive.confirm.title#one": "Archive {0} log file?", "archive.confirm.title#other": "Archive {0} log files?"],
        "es": [
            "archive.confirm.title#one": "¿Archivar {0} fichero?", "archive.confirm.title#many": "¿Archivar {0} de ficheros?",
            "archive.confirm.title#other": "¿Archivar {0} ficheros?",
        ],
    ])

    static let cases: [(count: String, locale: String, title: String)] = [
        ("1", "en", "Archive 1 log file?"), ("0", "en", "Archive 0 log files?"), ("3", "en", "Archive 3 log files?"),
        ("1.0", "en", "Archive 1.0 log files?"), ("1", "es", "¿Archivar 1 fichero?"), ("1.0", "es_ES.UTF-8", "¿Archivar 1.0 fichero?"),
        ("0", "es", "¿Archivar 0 ficheros?"), ("2", "es_MX", "¿Archivar 2 ficheros?"), ("1000000", "es", "¿Archivar 1000000 de ficheros?"),
        ("1000", "es", "¿Archivar 1000 ficheros?"), ("1", "fr", "Archive 1 log file?"), ("many", "en", "Archive many log files?"),
    ]

    @Test("The plural form follows the count and the language", arguments: cases)
    func theFormFollowsTheCount(_ count: String, _ locale: String, _ title: String) {
        #expect(Self.catalog.localize(Localization("archive.confirm", [count]), part: "title", fallback: "?", locale: locale) == title)
    }

    @Test func aLanguageWithoutTheManyFormUsesOther() {
        let catalog = Catalog(["es": ["n#one": "{0} fichero", "n#other": "{0} ficheros"]])
        #expect(catalog.localize(Localization("n", ["2000000"]), part: nil, fallback: "?", locale: "es") == "2000000 ficheros")
    }

    @Test func pluralFormsCountAsTheirKeyForTheKeysAQuestionUses() {
        let use = CatalogUse(questions: ["archive.confirm"], actions: [])
        #expect(use.problems(of: Self.catalog) == [])
    }
}
