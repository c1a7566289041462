public import WorkerKit

extension DeployRelease {
    /// One line for people; `deployRelease.summary` in `catalog` translates it.
    public static let summary = "Put a release live once two people of ops approve"

    /// The dialog's texts in English and Spanish.
    public static let catalog = Catalog([
        "en": [
            "deployRelease.summary": summary,
            "deployRelease.confirm.title": "Deploy release",
            "deployRelease.confirm.message": "Release {0} goes live once two people of ops approve.",
            "action.deploy": "Deploy",
        ],
        "es": [
            "deployRelease.summary": "Publicar una versión cuando dos personas de ops lo aprueban",
            "deployRelease.confirm.title": "Publicar versión",
            "deployRelease.confirm.message": "La versión {0} se publicará cuando dos personas de ops lo aprueben.",
            "action.deploy": "Publicar",
        ],
    ])

    /// The keys its questions and buttons use, so the broker refuses a stray key or an untranslated button.
    public static let catalogUse: CatalogUse? = CatalogUse(questions: ["deployRelease.confirm"], choices: Choice.self)
}
