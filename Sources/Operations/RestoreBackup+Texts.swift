public import WorkerKit

extension RestoreBackup {
    /// One line for people; `restoreBackup.summary` in `catalog` translates it.
    public static let summary = "Replace the library's data with a backup once a person confirms"

    /// The alert's texts in English and Spanish.
    public static let catalog = Catalog([
        "en": [
            "restoreBackup.summary": summary,
            "restoreBackup.confirm.title": "Confirm operation",
            "restoreBackup.confirm.message": "Current data will be replaced by the backup from {0}.",
            "action.restoreBackup": "Restore Backup",
        ],
        "es": [
            "restoreBackup.summary": "Sustituir los datos de la biblioteca por una copia de seguridad cuando una persona lo confirma",
            "restoreBackup.confirm.title": "Confirmar operación",
            "restoreBackup.confirm.message": "Los datos actuales se sustituirán por la copia de {0}.",
            "action.restoreBackup": "Restaurar copia",
        ],
    ])

    /// The keys its questions and buttons use, so the broker refuses a stray key or an untranslated button.
    public static let catalogUse: CatalogUse? = CatalogUse(questions: ["restoreBackup.confirm"], choices: Choice.self)
}
