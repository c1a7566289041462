public import WorkerKit

extension ResetPreferences {
    /// One line for people; `resetPreferences.summary` in `catalog` translates it.
    public static let summary = "Reset the preferences to their defaults once a person confirms"

    /// The alert's texts in English and Spanish.
    public static let catalog = Catalog([
        "en": [
            "resetPreferences.summary": summary,
            "resetPreferences.confirm.title": "Confirm operation",
            "resetPreferences.confirm.message": "All settings will return to their defaults.",
            "action.reset": "Reset",
        ],
        "es": [
            "resetPreferences.summary": "Restablecer las preferencias a sus valores predeterminados cuando una persona lo confirma",
            "resetPreferences.confirm.title": "Confirmar operación",
            "resetPreferences.confirm.message": "Se recuperarán todos los ajustes iniciales.",
            "action.reset": "Restablecer",
        ],
    ])

    /// The keys its questions and buttons use, so the broker refuses a stray key or an untranslated button.
    public static let catalogUse: CatalogUse? = CatalogUse(questions: ["resetPreferences.confirm"], choices: Choice.self)
}
