import Foundation
import HTTPServer
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

    @Test("A text field's label and placeholder on a link page come from the operation's catalog, as on the web page")
    func aFieldInSpanish() throws {
        let operation = Catalog(["es": ["q.title": "Título", "q.reason": "Motivo", "q.reason.placeholder": "por qué"]])
        var draft = Presentation.Draft.alert("Title", actions: [Action(id: "ok", label: "OK")], localization: Localization("q"))
        draft.fields = [TextFieldState(id: "reason", label: "Reason", placeholder: "why", localization: Localization("q.reason"))]
        let presentation = try Presentation(draft, id: "prs_1", job: "job_1", sequence: 1, createdAt: Date())
        let link = AnswerLink(presentation: "prs_1", person: "ana", expiresAt: Date(timeIntervalSince1970: 0))
        let page = LinkPage.question(presentation, link: link, path: "/answer/prs_1/x", texts: LinkTexts(acceptLanguage: "es", operationTexts: operation))
        let html = String(decoding: page.bodyData ?? Data(), as: UTF8.self)
        #expect(html.contains("<h1>Título</h1>") && html.contains("<label>Motivo<input") && html.contains(#"placeholder="por qué""#), "\(html)")
    }
}
