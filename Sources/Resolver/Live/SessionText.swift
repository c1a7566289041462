import Presentation

/// The live resolver's own sentences, in English and Spanish, beside the renderer's (`ResolverText`).
enum SessionText {
    static let catalog = Catalog([
        "en": [
            "session.more": "{0} more waiting",
            "session.expiresIn": "expires in {0}",
            "session.hidden": "hidden as you type",
            "session.example": "e.g. {0}",
            "session.required": "is required",
            "session.mismatch": "is not in the form this field asks for",
            "session.control": "contains a control character",
            "session.tooLong": "is too long: at most {0} characters",
            "session.tooShort": "is too short: at least {0} characters",
            "session.idle": "No pending questions; waiting for new ones (q to quit).",
            "session.none": "No pending questions.",
            "session.notAnswered": "Not answered: {0}",
            "session.approvalRecorded": "Approval recorded: {0}",
            "session.gone": "no longer pending",
        ],
        "es": [
            "session.more": "{0} más en espera",
            "session.expiresIn": "caduca en {0}",
            "session.hidden": "oculto al escribir",
            "session.example": "p. ej. {0}",
            "session.required": "es obligatorio",
            "session.mismatch": "no tiene la forma que pide este campo",
            "session.control": "contiene un carácter de control",
            "session.tooLong": "es demasiado largo: como mucho {0} caracteres",
            "session.tooShort": "es demasiado corto: al menos {0} caracteres",
            "session.idle": "No hay preguntas pendientes; esperando nuevas (q para salir).",
            "session.none": "No hay preguntas pendientes.",
            "session.notAnswered": "No respondida: {0}",
            "session.approvalRecorded": "Aprobación registrada: {0}",
            "session.gone": "ya no está pendiente",
        ],
    ])

    /// The sentence `key` in `locale`, with its arguments.
    static func string(_ key: String, _ arguments: [String] = [], locale: String) -> String {
        catalog.string("session.\(key)", arguments, locale: locale)
    }
}
