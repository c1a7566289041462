public import Foundation

/// One person's choice of an action that needs several people: recorded, shown, and listed in the
/// resolution once the last one needed lands.
public struct Approval: Sendable, Hashable {
    /// The action approved.
    public let action: String
    /// Who approved it.
    public let by: String
    /// Through which channel (`cli`, `http`, `web`, `link`, …).
    public let channel: String
    /// When it was given.
    public let at: Date

    /// `by`'s approval of `action` over `channel` at `at`.
    public init(action: String, by: String, channel: String, at: Date) {
        self.action = action
        self.by = by
        self.channel = channel
        self.at = at
    }
}

/// Where a question's approvals stand: how many of how many an action has, and who gave them.
public struct ApprovalProgress: Sendable, Hashable, CustomStringConvertible {
    /// The presentation whose action it is.
    public let presentation: String
    /// The action counted.
    public let action: String
    /// How many it needs.
    public let needed: Int
    /// The approvals it has, in the order they came.
    public let approvals: [Approval]

    /// The progress of `action` of `presentation`, needing `needed`, with `approvals` so far (of any action; only
    /// its own count).
    public init(presentation: String, action: String, needed: Int, approvals: [Approval]) {
        self.presentation = presentation
        self.action = action
        self.needed = needed
        self.approvals = approvals.filter { $0.action == action }
    }

    /// Who approved so far, in order.
    public var approvers: [String] { approvals.map(\.by) }

    /// How many are still missing.
    public var missing: Int { max(needed - approvals.count, 0) }

    /// "1 of 2 approvals: waiting for one more (approved by ana)".
    public var description: String {
        let names = approvals.map(\.by).joined(separator: ", ")
        let waiting = missing == 0 ? "complete" : "waiting for \(missing == 1 ? "one more" : "\(missing) more")"
        return "\(approvals.count) of \(needed) approvals: \(waiting)" + (names.isEmpty ? "" : " (approved by \(names))")
    }
}

extension Presentation {
    /// The progress of every action of this question that needs several people, given the approvals so far.
    public func approvalProgress(_ approvals: [Approval]) -> [ApprovalProgress] {
        actions.filter(\.needsSeveral).map { ApprovalProgress(presentation: id, action: $0.id, needed: $0.approvals, approvals: approvals) }
    }
}
