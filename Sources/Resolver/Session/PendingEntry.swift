public import Presentation

/// A pending presentation as the resolver keeps it: the question, its job's operation, and the approvals
/// its actions that need several people have so far.
public struct PendingEntry: Sendable, Hashable, Identifiable {
    /// The question.
    public let presentation: Presentation
    /// The operation of the job that asks, such as `removeDownload`; `nil` when the broker did not say.
    public let operation: String?
    /// The approvals given so far, of any of its actions, in the order they came.
    public internal(set) var approvals: [Approval]

    /// An entry for `presentation`, asked by a job running `operation`, with the `approvals` it has.
    public init(_ presentation: Presentation, operation: String?, approvals: [Approval] = []) {
        self.presentation = presentation
        self.operation = operation
        self.approvals = approvals
    }

    /// The presentation's id.
    public var id: String { presentation.id }

    /// This entry with `progress` as the approvals of its action (those of other actions kept).
    func approved(_ progress: ApprovalProgress) -> PendingEntry {
        var entry = self
        entry.approvals = approvals.filter { $0.action != progress.action } + progress.approvals
        return entry
    }
}
