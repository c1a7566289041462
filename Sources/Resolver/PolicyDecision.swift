/// The answer a policy chose, with where it came from for the log.
public struct PolicyDecision: Sendable, Hashable {
    /// The chosen action's id.
    public let action: String
    /// The index of the rule that decided (as in `$.rules[0]`), or `nil` for the default.
    public let rule: Int?
    /// `rules[0] (operation=removeDownload, role=destructive): role cancel → cancel`.
    public let reason: String

    /// A decision for `action` made by `rule` (`nil`: the default), explained by `reason`.
    public init(action: String, rule: Int?, reason: String) {
        self.action = action
        self.rule = rule
        self.reason = reason
    }
}

/// A policy's full answer for one presentation: the decision, if any, and every rule passed over on the way.
public struct PolicyEvaluation: Sendable, Hashable {
    /// The decision, or `nil` when a person has to answer.
    public let decision: PolicyDecision?
    /// Rules that matched but could not answer, in order: `rules[1] (kind=alert): the presentation offers no action "retry"`.
    public let skipped: [String]

    /// An evaluation with this decision and these skipped rules.
    public init(decision: PolicyDecision?, skipped: [String]) {
        self.decision = decision
        self.skipped = skipped
    }
}
