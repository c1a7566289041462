/// The answer a policy chose, with where it came from for the log.
public struct PolicyDecision: Sendable, Hashable {
    /// The chosen action's id.
    public let action: String
    /// The index of the rule that decided (as in `$.rules[0]`), or `nil` for the default.
    public let rule: Int?
    /// `rules[0] (operation=removeDownload, role=destructive): role cancel → cancel`.
    public let reason: String
    /// Text for the question's fields (the rule's `values`), or `nil`.
    public let values: [String: String]?

    /// A decision for `action` made by `rule` (`nil`: the default), explained by `reason`, with `values` for text fields.
    public init(action: String, rule: Int?, reason: String, values: [String: String]? = nil) {
        self.action = action
        self.rule = rule
        self.reason = reason
        self.values = values
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
