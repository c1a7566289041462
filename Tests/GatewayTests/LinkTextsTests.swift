import Presentation
import Testing

@testable import Gateway

@Suite struct LinkTextsTests {
    @Test(
        "An answer link page speaks the first language of Accept-Language the web page has, by quality, else English",
        arguments: [
            (nil, "en"), ("", "en"), ("es", "es"), ("es-MX,es;q=0.9", "es-MX"), ("fr-FR, fr;q=0.9, es;q=0.8, en;q=0.7", "es"),
            ("en;q=0.5, es;q=0.9", "es"), ("es;q=0, en", "en"), ("*", "en"), ("de", "en"), ("ES_es", "ES_es"),
        ] as [(String?, String)])
    func theLanguageOfARequest(header: String?, locale: String) {
        #expect(LinkTexts.locale(header) == locale)
    }

    @Test("Every string of the link pages is in every language the web page speaks, with the same placeholders")
    func everyStringInEveryLanguage() {
        let english = LinkTexts.english
        for language in PageCatalog.languages {
            let table = LinkTexts.tables[language] ?? [:]
            #expect(Set(table.keys) == Set(english.keys), "\(language)")
            for (key, template) in english {
                #expect(Catalog.placeholders(in: table[key] ?? "") == Catalog.placeholders(in: template), "\(language) \(key)")
            }
        }
    }

    @Test("The question's texts come from its operation's catalog, default buttons from the web page's, in the language asked for")
    func theQuestionInSpanish() {
        let operation = Catalog(["es": ["q.title": "Título", "action.remove": "Eliminar"]])
        let texts = LinkTexts(acceptLanguage: "es-ES", operationTexts: operation)
        #expect(texts.language == "es")
        #expect(
            texts.question.label(of: Action(id: "cancel", label: "Cancel", role: .cancel, localization: Localization("action.cancel")), locale: texts.locale)
                == "Cancelar")
        #expect(
            texts.question.label(of: Action(id: "remove", label: "Remove", localization: Localization("action.remove")), locale: texts.locale) == "Eliminar")
        #expect(
            texts.string("link.answeringAs", "ana", "2026-12-02T03:00:00.000Z")
                == "Respondes como ana; este enlace sirve una vez, hasta 2026-12-02T03:00:00.000Z.")
        #expect(LinkTexts(acceptLanguage: nil).string("link.expired", "then") == "This answer link expired at then.")
    }
}
