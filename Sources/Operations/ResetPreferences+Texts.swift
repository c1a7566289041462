import WorkerKit

extension ResetPreferences {
    /// One line for people.
    public static let summary = "Reset the preferences to their defaults once a person confirms"

    /// The alert's texts in English and Spanish.
    public static let catalog = Catalog([
        "en": [
            "resetPreferences.confirm.title": "Confirm operation",
            "resetPreferences.confirm.message": "All settings will return to their defaults.",
            "action.reset": "Reset",
        ],
        "es": [
            "resetPreferences.confirm.title": "Confirmar operación",
            "resetPreferences.confirm.message": "Se recuperarán todos los ajustes iniciales.",
            "action.reset": "Restablecer",
        ],
    ])

    /// The keys its questions and buttons use, so the broker refuses a stray key or an untranslated button.
    public static let catalogUse: CatalogUse? = CatalogUse(questions: ["resetPreferences.confirm"], choices: Choice.self)
}
