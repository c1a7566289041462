import Presentation

/// The mail's own sentences in English and Spanish, and the default buttons' labels (as every resolver
/// translates them itself); the question's texts come from its operation's catalog, as on the page.
/// Templates take `{0}`, `{1}`, … as `Catalog` does.
enum MailTexts {
    static let catalog = Catalog([
        "en": [
            "action.ok": "OK",
            "action.cancel": "Cancel",
            "mail.pending.subject": "{0}",
            "mail.reminder.subject": "Reminder: {0}",
            "mail.resolved.subject": "Resolved: {0}",
            "mail.approved.subject": "Approval: {0}",
            "mail.escalated.subject": "{0}",
            "mail.pending.intro": "A job is waiting for your answer.",
            "mail.reminder.intro": "A job is still waiting for your answer.",
            "mail.resolved.intro": "This question no longer waits for an answer.",
            "mail.approved.intro": "A question you were sent has one more approval.",
            "mail.escalated.intro": "A job is waiting for an answer, and now asks you too.",
            "mail.approved.progress": "{0} approved “{1}”: {2} of {3} approvals.",
            "mail.action.link": "{0}: {1}",
            "mail.question.link": "Answer it here: {0}",
            "mail.question.button": "Answer",
            "mail.links.note": "A link opens the question; nothing is answered until you press a button there. It answers as {0}, once, until {1}.",
            "mail.deadline": "It must be answered by {0}.",
            "mail.resolved.answered": "{0} chose “{1}” ({2}).",
            "mail.resolved.dismissed": "{0} dismissed it; “{1}” was taken.",
            "mail.resolved.expired": "Nobody answered in time; “{0}” was taken.",
            "mail.resolved.withdrawn": "It was withdrawn: the job no longer needs an answer.",
            "mail.footer": "Sent by Interlude about job {0} ({1}), because this question is for {2}.",
        ],
        "es": [
            "action.ok": "Aceptar",
            "action.cancel": "Cancelar",
            "mail.pending.subject": "{0}",
            "mail.reminder.subject": "Recordatorio: {0}",
            "mail.resolved.subject": "Resuelta: {0}",
            "mail.approved.subject": "Aprobación: {0}",
            "mail.escalated.subject": "{0}",
            "mail.pending.intro": "Un trabajo espera tu respuesta.",
            "mail.reminder.intro": "Un trabajo sigue esperando tu respuesta.",
            "mail.resolved.intro": "Esta pregunta ya no espera respuesta.",
            "mail.approved.intro": "Una pregunta que te enviaron tiene una aprobación más.",
            "mail.escalated.intro": "Un trabajo espera respuesta, y ahora te la pide también a ti.",
            "mail.approved.progress": "{0} aprobó «{1}»: {2} de {3} aprobaciones.",
            "mail.action.link": "{0}: {1}",
            "mail.question.link": "Respóndela aquí: {0}",
            "mail.question.button": "Responder",
            "mail.links.note": "Un enlace abre la pregunta; no se responde nada hasta que pulses un botón allí. Responde como {0}, una vez, hasta {1}.",
            "mail.deadline": "Debe responderse antes de {0}.",
            "mail.resolved.answered": "{0} eligió «{1}» ({2}).",
            "mail.resolved.dismissed": "{0} la descartó; se tomó «{1}».",
            "mail.resolved.expired": "Nadie respondió a tiempo; se tomó «{0}».",
            "mail.resolved.withdrawn": "Se retiró: el trabajo ya no necesita respuesta.",
            "mail.footer": "Enviado por Interlude sobre el trabajo {0} ({1}), porque esta pregunta es para {2}.",
        ],
    ])

    /// The sentence `key` in `locale` with `arguments`.
    static func string(_ key: String, _ arguments: [String] = [], locale: String) -> String {
        catalog.string(key, arguments, locale: locale)
    }
}
