public import WorkerKit

/// Does nothing and asks nothing: `{}` in, `{}` out, for throughput benchmarks.
public struct Noop: JobOperation {
    /// The name clients submit.
    public static let name = "noop"

    /// One line for people; `noop.summary` in `catalog` translates it.
    public static let summary = "Do nothing and ask nothing (for benchmarks)"

    /// Its summary in English and Spanish (it asks nothing).
    public static let catalog = Catalog([
        "en": ["noop.summary": summary],
        "es": ["noop.summary": "No hacer nada ni preguntar nada (para pruebas de rendimiento)"],
    ])

    /// No questions and no actions, said so the broker checks that its catalog holds its summary only.
    public static let catalogUse: CatalogUse? = CatalogUse(questions: [], actions: [])

    /// The operation.
    public init() {}

    /// Returns at once.
    public func run(_ input: NoFields, in job: JobContext) async throws -> NoFields {
        NoFields()
    }
}
