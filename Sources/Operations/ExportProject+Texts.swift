public import WorkerKit

extension ExportProject {
    /// One line for people; `exportProject.summary` in `catalog` translates it.
    public static let summary = "Archive a project folder to a destination, asking when it cannot"

    /// The error alerts' texts in English and Spanish.
    public static let catalog = Catalog([
        "en": [
            "exportProject.summary": summary,
            "exportProject.destinationUnavailable.title": "Can't reach the destination",
            "exportProject.destinationUnavailable.message": "Check that the drive is still connected.",
            "exportProject.noAvailableSpace.title": "Not enough space",
            "exportProject.noAvailableSpace.message": "Free at least {0} MB and try again.",
            "exportProject.destinationNotAllowed.title": "Can't export to this folder",
            "exportProject.destinationNotAllowed.message": "{0} is outside the folders exports may go to. Use {1} instead, or cancel.",
            "action.tryAgain": "Try Again",
            "action.useExportsFolder": "Use the Exports Folder",
            "action.useAnotherFolder": "Use Another Folder",
            "exportProject.folder": "Folder",
            "exportProject.folder.placeholder": "library/exports/…",
        ],
        "es": [
            "exportProject.summary": "Archivar la carpeta de un proyecto en un destino, preguntando cuando no se puede",
            "exportProject.destinationUnavailable.title": "No se puede acceder al destino",
            "exportProject.destinationUnavailable.message": "Comprueba que la unidad sigue conectada.",
            "exportProject.noAvailableSpace.title": "No hay espacio suficiente",
            "exportProject.noAvailableSpace.message": "Libera al menos {0} MB e inténtalo de nuevo.",
            "exportProject.destinationNotAllowed.title": "No se puede exportar a esta carpeta",
            "exportProject.destinationNotAllowed.message": "{0} está fuera de las carpetas a las que se puede exportar. Usa {1} en su lugar, o cancela.",
            "action.tryAgain": "Volver a intentar",
            "action.useExportsFolder": "Usar la carpeta de exportaciones",
            "action.useAnotherFolder": "Usar otra carpeta",
            "exportProject.folder": "Carpeta",
            "exportProject.folder.placeholder": "library/exports/…",
        ],
    ])

    /// The keys its alerts, its text field and its buttons use, so the broker refuses a stray key or an
    /// untranslated button.
    public static let catalogUse: CatalogUse? = CatalogUse(
        questions: [
            "exportProject.destinationUnavailable", "exportProject.noAvailableSpace", "exportProject.destinationNotAllowed",
            "exportProject.folder",
        ], choices: Choice.self)
}
