import Foundation
import Presentation
import Wire

/// The string catalog the page loads from `/catalog.json`: `page`, the page's own strings (`page.*`, and
/// the resolver keys and default buttons the page shows, as every resolver translates them itself), and
/// `operations`, the texts each announced operation's worker sent the broker, by operation name. The page
/// looks a question's texts up in its own operation's table only, and a key of the page's own in `page`
/// only, so no operation's texts reach another operation's questions or the page's.
enum PageCatalog {
    /// The languages the page speaks.
    static let languages = ["en", "es"]

    /// The page's own tables: language → key → template, `{0}`-style placeholders as in `Catalog`.
    static let tables: [String: [String: String]] = [
        "en": english.merging(resolverEnglish) { own, _ in own }, "es": spanish.merging(resolverSpanish) { own, _ in own },
    ]

    /// The page's tables and each operation's (the variants of one operation merged, the first listed
    /// winning a clash), as JSON with sorted keys, so the same texts give the same bytes and ETag.
    static func json(adding operations: [(name: String, catalog: Catalog)]) -> String {
        var byOperation: [String: Catalog] = [:]
        for (name, catalog) in operations { byOperation[name] = byOperation[name].map { $0.merging(catalog) } ?? catalog }
        let document = Document(page: tables, operations: byOperation.mapValues(\.tables))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// What `/catalog.json` holds.
    struct Document: Codable {
        let page: [String: [String: String]]
        let operations: [String: [String: [String: String]]]
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
        "page.token.use": "Sign in",
        "page.pending.connecting": "Connecting…",
        "page.notify": "Notify me of new questions",
        "page.filter.label": "Filter jobs",
        "page.filter.state": "State",
        "page.filter.operation": "Operation",
        "page.filter.search": "Job id",
        "page.filter.all": "All",
        "page.jobs.noMatch": "No job matches.",
        "page.failure": "{0} [{1}]",
        "page.deadline": "Answer within {0} (by {1})",
        "page.duration.seconds": "{0} s",
        "page.duration.minutes": "{0} min {1} s",
        "page.duration.hours": "{0} h {1} min",
        "page.duration.days": "{0} d {1} h",
        "page.job.error": "Could not load the job: {0}",
        "page.job.outcome": "Outcome: {0} ({1})",
        "page.job.asks": "Asks: {0}",
        "page.job.answer": "Answer it",
        "page.job.history": "History",
        "page.close": "Close",
        "page.cause.answered": "answered",
        "page.cause.dismissed": "dismissed",
        "page.cause.expired": "expired",
        "page.cause.withdrawn": "withdrawn",
        "page.history.queued": "Queued",
        "page.history.dispatched": "Dispatched to {0} (attempt {1})",
        "page.history.asked": "Asked: {0}",
        "page.history.escalated": "Escalated: now for {0}",
        "page.history.answered": "Answered by {0} with {1}",
        "page.history.dismissed": "Dismissed by {0}: {1}",
        "page.history.ended": "Ended ({2}): {1}",
        "page.history.refused": "Refused: {1} from {0} [{2}]",
        "page.history.step": "Step {0} recorded",
        "page.history.progress": "Progress: {0} of {1}",
        "page.history.retried": "Back in the queue after attempt {0}",
        "page.history.cancelRequested": "Cancel requested",
        "page.history.finished": "Finished: {0}",
        "page.fix": "Check the fields: {0}",
        "page.pending.forYou": "For you",
        "page.pending.forOthers": "For {0} only",
        "page.pending.approvals": "{0}: {1} of {2} approvals ({3})",
        "page.approvalRecorded": "Your approval is recorded. {0}",
        "page.live.signedOut": "Not signed in",
        "page.token.heading": "Sign in",
        "page.token.rejected": "That token was not accepted. Check it and try again.",
        "page.token.expired": "The saved token is no longer accepted. Sign in again.",
        "page.token.noRead": "That token lacks the read scope this page needs.",
        "page.who": "Signed in as {0}",
        "page.signOut": "Sign out",
        "page.jobs.more": "Show more",
        "page.job.dates": "Submitted {0} · updated {1}",
        "page.job.result": "Result: {0}",
        "page.deadline.tomorrow": "Answer within {0} (by tomorrow, {1})",
        "page.deadline.later": "Answer within {0} (by {1}, {2})",
        "page.field.example": "e.g. {0}",
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
        "page.token.use": "Iniciar sesión",
        "page.pending.connecting": "Conectando…",
        "page.notify": "Avisarme de preguntas nuevas",
        "page.filter.label": "Filtrar trabajos",
        "page.filter.state": "Estado",
        "page.filter.operation": "Operación",
        "page.filter.search": "Id del trabajo",
        "page.filter.all": "Todos",
        "page.jobs.noMatch": "Ningún trabajo coincide.",
        "page.failure": "{0} [{1}]",
        "page.deadline": "Responde en {0} (antes de las {1})",
        "page.duration.seconds": "{0} s",
        "page.duration.minutes": "{0} min {1} s",
        "page.duration.hours": "{0} h {1} min",
        "page.duration.days": "{0} d {1} h",
        "page.job.error": "No se pudo cargar el trabajo: {0}",
        "page.job.outcome": "Resultado: {0} ({1})",
        "page.job.asks": "Pregunta: {0}",
        "page.job.answer": "Responder",
        "page.job.history": "Historial",
        "page.close": "Cerrar",
        "page.cause.answered": "respondida",
        "page.cause.dismissed": "descartada",
        "page.cause.expired": "caducada",
        "page.cause.withdrawn": "retirada",
        "page.history.queued": "En cola",
        "page.history.dispatched": "Enviado a {0} (intento {1})",
        "page.history.asked": "Preguntó: {0}",
        "page.history.escalated": "Escalada: ahora para {0}",
        "page.history.answered": "Respondida por {0} con {1}",
        "page.history.dismissed": "Descartada por {0}: {1}",
        "page.history.ended": "Terminada ({2}): {1}",
        "page.history.refused": "Rechazada: {1} de {0} [{2}]",
        "page.history.step": "Paso {0} registrado",
        "page.history.progress": "Progreso: {0} de {1}",
        "page.history.retried": "De vuelta a la cola tras el intento {0}",
        "page.history.cancelRequested": "Cancelación pedida",
        "page.history.finished": "Terminado: {0}",
        "page.fix": "Revisa los campos: {0}",
        "page.pending.forYou": "Para ti",
        "page.pending.forOthers": "Solo para {0}",
        "page.pending.approvals": "{0}: {1} de {2} aprobaciones ({3})",
        "page.approvalRecorded": "Tu aprobación está registrada. {0}",
        "page.live.signedOut": "Sin sesión",
        "page.token.heading": "Iniciar sesión",
        "page.token.rejected": "No se ha aceptado ese token. Compruébalo y vuelve a intentarlo.",
        "page.token.expired": "El token guardado ya no se acepta. Vuelve a iniciar sesión.",
        "page.token.noRead": "A ese token le falta el permiso read que necesita esta página.",
        "page.who": "Sesión de {0}",
        "page.signOut": "Cerrar sesión",
        "page.jobs.more": "Mostrar más",
        "page.job.dates": "Enviado {0} · actualizado {1}",
        "page.job.result": "Resultado: {0}",
        "page.deadline.tomorrow": "Responde en {0} (mañana, antes de las {1})",
        "page.deadline.later": "Responde en {0} ({1}, antes de las {2})",
        "page.field.example": "p. ej. {0}",
    ]
}

extension OperationInfo {
    /// Its texts, then each variant's, under its name: what `/catalog.json` serves for its questions.
    var catalogs: [(name: String, catalog: Catalog)] {
        [(name, catalog)] + (variants ?? []).map { (name, $0.catalog) }
    }
}
