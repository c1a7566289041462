import WorkerKit

/// Does nothing and asks nothing: `{}` in, `{}` out, for throughput benchmarks.
public struct Noop: JobOperation {
    /// The name clients submit.
    public static let name = "noop"

    /// One line for people.
    public static let summary = "Do nothing and ask nothing (for benchmarks)"

    /// No questions and no texts, said so the broker checks that it ships none.
    public static let catalogUse: CatalogUse? = CatalogUse(questions: [], actions: [])

    /// The operation.
    public init() {}

    /// Returns at once.
    public func run(_ input: NoFields, in job: JobContext) async throws -> NoFields {
        NoFields()
    }
}
