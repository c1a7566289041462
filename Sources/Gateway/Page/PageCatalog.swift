import Foundation
import Presentation

/// The string catalog the page loads from `/catalog.json`: the page's own strings (`page.*`, and the
/// resolver keys and default buttons the page shows, as every resolver translates them itself) plus
/// the texts each announced operation's worker sent the broker.
enum PageCatalog {
    /// The languages the page speaks.
    static let languages = ["en", "es"]

    /// The page's own tables: language → key → template, `{0}`-style placeholders as in `Catalog`.
    static let tables: [String: [String: String]] = ["en": english.merging(resolverEnglish) { own, _ in own }, "es": spanish.merging(resolverSpanish) { own, _ in own }]

    /// The page's tables with the operations' texts added (the page's own win a clash), as JSON with
    /// sorted keys, so the same texts give the same bytes and ETag.
    static func json(adding operations: [Catalog]) -> String {
        let merged = operations.reduce(Catalog(tables)) { $0.merging($1) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(merged.tables)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static let resolverEnglish: [String: String] = [
        "action.ok": "OK",
        "action.cancel": "Cancel",
        "resolver.reason": "Reason: {0}",
        "resolver.age.now": "just now",
        "resolver.age.seconds": "{0} s ago",
        "resolver.age.minutes": "{0} min ago",
        "resolver.age.hours": "{0} h ago",
        "resolver.age.days": "{0} d ago",
    ]

    static let resolverSpanish: [String: String] = [
        "action.ok": "Aceptar",
        "action.cancel": "Cancelar",
        "resolver.reason": "Motivo: {0}",
        "resolver.age.now": "ahora mismo",
        "resolver.age.seconds": "hace {0} s",
        "resolver.age.minutes": "hace {0} min",
        "resolver.age.hours": "hace {0} h",
        "resolver.age.days": "hace {0} d",
    ]

    static let english: [String: String] = [
        "page.pending.heading": "Waiting for an answer",
        "page.pending.empty": "Nothing is waiting for an answer.",
        "page.pending.onScreen": "On screen",
        "page.pending.more": "{0} more waiting",
        "page.jobs.heading": "Recent jobs",
        "page.jobs.empty": "No jobs yet.",
        "page.jobs.error": "Could not load the jobs: {0}",
        "page.questions.error": "Could not load the questions: {0}",
        "page.progress": "{0} of {1}",
        "page.state.queued": "Queued",
        "page.state.running": "Running",
        "page.state.waiting": "Waiting",
        "page.state.succeeded": "Succeeded",
        "page.state.failed": "Failed",
        "page.state.cancelled": "Cancelled",
        "page.live.connecting": "Connecting…",
        "page.live.live": "Live",
        "page.live.reconnecting": "Reconnecting…",
        "page.live.offline": "Offline, retrying",
        "page.answered": "Answered by {0} ({1}) with {2}",
        "page.dismissed": "Dismissed by {0} ({1})",
        "page.withdrawn": "Withdrawn",
        "page.expired": "Expired",
        "page.someone": "someone",
        "page.youAnswered": "You answered: {0}",
        "page.sending": "Sending…",
        "page.notConfirmed": "Your answer was not confirmed ({0}); it may not have arrived. Try again.",
        "page.refused": "The answer was refused: {0}",
        "page.gone": "This question no longer exists.",
        "page.network": "no connection to the server",
        "page.timeout": "the server did not reply in time",
        "page.token.label": "This gateway needs an API token with the read and answer scopes.",
        "page.token.use": "Use token",
    ]

    static let spanish: [String: String] = [
        "page.pending.heading": "Esperando respuesta",
        "page.pending.empty": "Nada espera respuesta.",
        "page.pending.onScreen": "En pantalla",
        "page.pending.more": "{0} más en espera",
        "page.jobs.heading": "Trabajos recientes",
        "page.jobs.empty": "Todavía no hay trabajos.",
        "page.jobs.error": "No se pudieron cargar los trabajos: {0}",
        "page.questions.error": "No se pudieron cargar las preguntas: {0}",
        "page.progress": "{0} de {1}",
        "page.state.queued": "En cola",
        "page.state.running": "En curso",
        "page.state.waiting": "Esperando",
        "page.state.succeeded": "Completado",
        "page.state.failed": "Fallido",
        "page.state.cancelled": "Cancelado",
        "page.live.connecting": "Conectando…",
        "page.live.live": "En directo",
        "page.live.reconnecting": "Reconectando…",
        "page.live.offline": "Sin conexión, reintentando",
        "page.answered": "Respondida por {0} ({1}) con {2}",
        "page.dismissed": "Descartada por {0} ({1})",
        "page.withdrawn": "Retirada",
        "page.expired": "Caducada",
        "page.someone": "alguien",
        "page.youAnswered": "Has respondido: {0}",
        "page.sending": "Enviando…",
        "page.notConfirmed": "Tu respuesta no se ha confirmado ({0}); puede que no haya llegado. Vuelve a intentarlo.",
        "page.refused": "Se ha rechazado la respuesta: {0}",
        "page.gone": "Esta pregunta ya no existe.",
        "page.network": "sin conexión con el servidor",
        "page.timeout": "el servidor no respondió a tiempo",
        "page.token.label": "Esta pasarela necesita un token de API con los permisos read y answer.",
        "page.token.use": "Usar token",
    ]
}
