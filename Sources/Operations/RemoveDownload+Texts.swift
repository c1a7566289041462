public import WorkerKit

extension RemoveDownload {
    /// One line for people; `removeDownload.summary` in `catalog` translates it.
    public static let summary = "Remove a downloaded track once a person confirms"

    /// The dialog's texts in English and Spanish.
    public static let catalog = Catalog([
        "en": [
            "removeDownload.summary": summary,
            "removeDownload.confirm.title": "Remove download",
            "removeDownload.confirm.message": "{0} will no longer be available offline.",
            "action.remove": "Remove",
        ],
        "es": [
            "removeDownload.summary": "Eliminar una pista descargada cuando una persona lo confirma",
            "removeDownload.confirm.title": "Eliminar descarga",
            "removeDownload.confirm.message": "{0} dejará de estar disponible sin conexión.",
            "action.remove": "Eliminar",
        ],
    ])

    /// The keys its questions and buttons use, so the broker refuses a stray key or an untranslated button.
    public static let catalogUse: CatalogUse? = CatalogUse(questions: ["removeDownload.confirm"], choices: Choice.self)
}
