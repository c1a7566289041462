import Foundation
import Presentation

/// The texts of answer link pages in the languages the web page speaks, and the language a request
/// asks for: the first of its `Accept-Language` whose language the page has, else English.
struct LinkTexts: Sendable {
    /// The language tag the page is written in, such as `es-MX` (its catalogs are tried `es_MX`, `es`, `en`).
    let locale: String
    /// The link page's own strings, then the web page's.
    let page: Catalog
    /// The question's texts: its operation's, then the web page's (its default buttons).
    let question: Catalog

    /// The texts for `acceptLanguage`; `operationTexts` are those of the question's own operation.
    init(acceptLanguage: String?, operationTexts: Catalog = Catalog([:])) {
        locale = Self.locale(acceptLanguage)
        page = Catalog(Self.tables).merging(Catalog(PageCatalog.tables))
        question = operationTexts.merging(Catalog(PageCatalog.tables))
    }

    /// The language of `<html lang>`: the locale's primary subtag.
    var language: String { String(locale.prefix { $0 != "-" && $0 != "_" }).lowercased() }

    /// The link page's string `key` with `arguments`.
    func string(_ key: String, _ arguments: String...) -> String {
        page.string(key, arguments, locale: locale)
    }

    /// The first tag of `header`, by quality then order, whose language the page speaks; `en` when none is.
    static func locale(_ header: String?) -> String {
        let tags = (header ?? "").split(separator: ",").enumerated().compactMap { index, part -> (tag: String, quality: Double, index: Int)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty, tag != "*", tag.count <= 35 else { return nil }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0 ? (tag, quality, index) : nil
        }
        let ordered = tags.sorted { $0.quality != $1.quality ? $0.quality > $1.quality : $0.index < $1.index }
        let spoken = ordered.first { PageCatalog.languages.contains(String($0.tag.prefix { $0 != "-" && $0 != "_" }).lowercased()) }
        return spoken?.tag ?? Catalog.fallbackLocale
    }

    /// Language → key → template.
    static let tables: [String: [String: String]] = ["en": english, "es": spanish]

    static let english: [String: String] = [
        "link.answeringAs": "Answering as {0}; this link works once, until {1}.",
        "link.answered": "Answered",
        "link.chose": "You chose “{0}”. You can close this page.",
        "link.approvalRecorded": "Approval recorded",
        "link.choseApproval": "You chose “{0}”: {1}. You can close this page.",
        "link.alreadyApproved": "Already approved",
        "link.alreadyApprovedMessage": "{0}. You can close this page.",
        "link.chooseButton": "Choose one of the buttons.",
        "link.nothing": "Nothing to answer",
        "link.cannot": "This link cannot answer",
        "link.tryLater": "Try again later",
        "link.lookupFailed": "The server could not look the question up.",
        "link.notDelivered": "The answer did not reach the server's broker.",
        "link.alreadyResolved": "This link can no longer answer: the question was already {0}.",
        "link.invalid": "This answer link is not valid: it is incomplete, was changed, or its key was retired.",
        "link.expired": "This answer link expired at {0}.",
        "link.otherQuestion": "This answer link belongs to another question.",
        "link.resolved": "This question is no longer waiting for an answer.",
        "link.unknown": "There is no such question.",
        "link.notInAudience": "This question is not for the person this link names.",
        "link.disabled": "Answer links are not enabled on this server.",
        "link.refused": "The answer was refused.",
        "link.was.answered": "answered by {0} ({1}) with {2}",
        "link.was.dismissed": "dismissed by {0}",
        "link.was.expired": "expired",
        "link.was.withdrawn": "withdrawn",
    ]

    static let spanish: [String: String] = [
        "link.answeringAs": "Respondes como {0}; este enlace sirve una vez, hasta {1}.",
        "link.answered": "Respondida",
        "link.chose": "Has elegido «{0}». Ya puedes cerrar esta página.",
        "link.approvalRecorded": "Aprobación registrada",
        "link.choseApproval": "Has elegido «{0}»: {1}. Ya puedes cerrar esta página.",
        "link.alreadyApproved": "Ya la aprobaste",
        "link.alreadyApprovedMessage": "{0}. Ya puedes cerrar esta página.",
        "link.chooseButton": "Elige uno de los botones.",
        "link.nothing": "Nada que responder",
        "link.cannot": "Este enlace no puede responder",
        "link.tryLater": "Vuelve a intentarlo más tarde",
        "link.lookupFailed": "El servidor no pudo consultar la pregunta.",
        "link.notDelivered": "La respuesta no llegó al broker del servidor.",
        "link.alreadyResolved": "Este enlace ya no puede responder: la pregunta ya fue {0}.",
        "link.invalid": "Este enlace de respuesta no es válido: está incompleto, se ha modificado o su clave se ha retirado.",
        "link.expired": "Este enlace de respuesta caducó el {0}.",
        "link.otherQuestion": "Este enlace de respuesta es de otra pregunta.",
        "link.resolved": "Esta pregunta ya no espera respuesta.",
        "link.unknown": "No existe esa pregunta.",
        "link.notInAudience": "Esta pregunta no es para la persona que nombra este enlace.",
        "link.disabled": "Los enlaces de respuesta no están activados en este servidor.",
        "link.refused": "Se ha rechazado la respuesta.",
        "link.was.answered": "respondida por {0} ({1}) con {2}",
        "link.was.dismissed": "descartada por {0}",
        "link.was.expired": "caducada",
        "link.was.withdrawn": "retirada",
    ]
}
