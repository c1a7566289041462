import Presentation

/// A pending presentation as the resolver keeps it: the question and its job's operation.
public struct PendingEntry: Sendable, Hashable, Identifiable {
    /// The question.
    public let presentation: Presentation
    /// The operation of the job that asks, such as `removeDownload`; `nil` when the broker did not say.
    public let operation: String?

    /// An entry for `presentation`, asked by a job running `operation`.
    public init(_ presentation: Presentation, operation: String?) {
        self.presentation = presentation
        self.operation = operation
    }

    /// The presentation's id.
    public var id: String { presentation.id }
}
