public import WorkerKit

extension AddStop {
    /// One line for people; `addStop.summary` in `catalog` translates it.
    public static let summary = "Add a place to a day of the itinerary, asking when it is already planned"

    /// The route-conflict alert's texts in English and Spanish.
    public static let catalog = Catalog([
        "en": [
            "addStop.summary": summary,
            "addStop.conflict.title": "Stop already planned",
            "addStop.conflict.message": "{0} is already part of day {1}.",
            "action.moveToDay": "Move to day {0}",
            "action.keepDay": "Keep day {0}",
        ],
        "es": [
            "addStop.summary": "Añadir un lugar a un día del itinerario, preguntando si ya está previsto",
            "addStop.conflict.title": "La parada ya está planificada",
            "addStop.conflict.message": "{0} ya forma parte del día {1}.",
            "action.moveToDay": "Mover al día {0}",
            "action.keepDay": "Mantener el día {0}",
        ],
    ])

    /// The keys its alert and buttons use (written out: the choices carry values), so the broker refuses a
    /// stray key or an untranslated button.
    public static let catalogUse: CatalogUse? = CatalogUse(questions: ["addStop.conflict"], actions: ["action.moveToDay", "action.keepDay"])
}
