public import WorkerKit

extension ClearDownloads {
    /// One line for people; `clearDownloads.summary` in `catalog` translates it.
    public static let summary = "Remove every download, or the tracks named, once a person confirms"

    /// The dialog's texts in English and Spanish; the title has a plural form for each count (CLDR).
    public static let catalog = Catalog([
        "en": [
            "clearDownloads.summary": summary,
            "clearDownloads.confirm.title#one": "Remove {0} download?",
            "clearDownloads.confirm.title#other": "Remove {0} downloads?",
            "clearDownloads.confirm.message": "They will no longer be available offline.",
            "clearDownloads.action.remove": "Remove",
        ],
        "es": [
            "clearDownloads.summary": "Eliminar todas las descargas, o las pistas indicadas, cuando una persona lo confirme",
            "clearDownloads.confirm.title#one": "¿Eliminar {0} descarga?",
            "clearDownloads.confirm.title#many": "¿Eliminar {0} de descargas?",
            "clearDownloads.confirm.title#other": "¿Eliminar {0} descargas?",
            "clearDownloads.confirm.message": "Dejarán de estar disponibles sin conexión.",
            "clearDownloads.action.remove": "Eliminar",
        ],
    ])

    /// The keys its question and buttons use, so the broker refuses a stray key or an untranslated button.
    public static let catalogUse: CatalogUse? = CatalogUse(questions: ["clearDownloads.confirm"], choices: Choice.self)
}
