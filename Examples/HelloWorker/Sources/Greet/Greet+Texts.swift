import WorkerKit

extension Greet {
    /// The dialog's texts in English and Spanish; resolvers get them from the broker. "Cancel" is a
    /// button every resolver translates itself (`action.cancel`).
    public static let catalog = Catalog([
        "en": [
            "greet.confirm.title": "Greet {0}?",
            "greet.action.greet": "Greet",
        ],
        "es": [
            "greet.confirm.title": "¿Saludar a {0}?",
            "greet.action.greet": "Saludar",
        ],
    ])
}
