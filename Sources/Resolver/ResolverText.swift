import Presentation

/// The terminal resolver's own texts, and those of the buttons the presentation model adds by itself
/// ("OK", "Cancel"), which every resolver translates as a platform does; operations bring the rest.
enum ResolverText {
    static let catalog = Catalog(["en": english, "es": spanish])

    /// Whether `key` is one of the resolver's own, which no operation's catalog translates.
    static func owns(_ key: String) -> Bool { english[key] != nil }

    static let english: [String: String] = [
        "action.ok": "OK",
        "action.cancel": "Cancel",
        "resolver.answered": "answered by {0} with {1}",
        "resolver.dismissed": "dismissed by {0}",
        "resolver.expired": "expired",
        "resolver.withdrawn": "withdrawn",
        "resolver.lostRace": "Someone else answered first: {0}",
        "resolver.tooLate": "Too late: {0}",
        "resolver.choose": "Choose",
        "resolver.reason": "Reason: {0}",
        "resolver.destructive": "destructive",
        "resolver.approvals": "needs {0} approvals, {1} so far: {2}",
        "resolver.approvals.none": "needs {0} approvals, none so far",
        "resolver.age.now": "just now",
        "resolver.age.seconds": "{0} s ago",
        "resolver.age.minutes": "{0} min ago",
        "resolver.age.hours": "{0} h ago",
        "resolver.age.days": "{0} d ago",
    ]

    static let spanish: [String: String] = [
        "action.ok": "Aceptar",
        "action.cancel": "Cancelar",
        "resolver.answered": "respondida por {0} con {1}",
        "resolver.dismissed": "descartada por {0}",
        "resolver.expired": "caducada",
        "resolver.withdrawn": "retirada",
        "resolver.lostRace": "Otra persona respondió primero: {0}",
        "resolver.tooLate": "Demasiado tarde: {0}",
        "resolver.choose": "Elige",
        "resolver.reason": "Motivo: {0}",
        "resolver.destructive": "destructiva",
        "resolver.approvals": "necesita {0} aprobaciones, {1} hasta ahora: {2}",
        "resolver.approvals.none": "necesita {0} aprobaciones, ninguna hasta ahora",
        "resolver.age.now": "ahora mismo",
        "resolver.age.seconds": "hace {0} s",
        "resolver.age.minutes": "hace {0} min",
        "resolver.age.hours": "hace {0} h",
        "resolver.age.days": "hace {0} d",
    ]
}
