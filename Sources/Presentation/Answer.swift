public import Foundation

/// A person's (or a policy's) choice for one presentation.
public struct Answer: Sendable, Hashable {
    /// The presentation this answers; an answer to anything else is refused as stale.
    public let presentation: String
    /// The chosen action's id.
    public let action: String
    /// Who answered: a user name, a token's name, a policy.
    public let by: String
    /// Through which channel: `cli`, `http`, `web`, `webhook`, `policy`, …
    public let channel: String
    /// When the answer was given.
    public let at: Date
    /// The text fields' values, by field id (secure ones included: see `Resolution.secureValues`).
    public let values: [String: String]

    /// An answer to `presentation` choosing `action`, given by `by` over `channel` at `at`, with text field values.
    public init(presentation: String, action: String, by: String, channel: String, at: Date, values: [String: String] = [:]) {
        self.presentation = presentation
        self.action = action
        self.by = by
        self.channel = channel
        self.at = at
        self.values = values
    }
}

/// How a presentation ended: the answer that won, or why there was none.
public struct Resolution: Sendable, Hashable {
    /// Why the presentation closed.
    public enum Cause: String, Codable, Sendable, Hashable, CaseIterable {
        /// Someone chose an action.
        case answered
        /// Someone closed it without choosing; resolves to the cancel action where there is one.
        case dismissed
        /// Nobody answered before `expiresAt`; resolves to the cancel action where there is one.
        case expired
        /// The worker took the question back, or the job ended.
        case withdrawn
    }

    /// The presentation resolved.
    public let presentation: String
    /// The job that asked it.
    public let job: String
    /// Why it was resolved: answered, dismissed, expired or withdrawn.
    public let cause: Cause
    /// The action the operation is told about; `nil` when there was none to take.
    public let action: String?
    /// Who answered or dismissed it; `nil` for an expiry or a withdrawal.
    public let by: String?
    /// Through which channel it was answered (`cli`, `http`, `web`, …); `nil` when no one answered.
    public let channel: String?
    /// When it was resolved.
    public let at: Date
    /// The values of the question's `text` fields given with the action, by field id; `nil` when none.
    public let values: [String: String]?
    /// The values of its `secure` fields. Never encoded: they travel to the worker once, in `resume`'s
    /// own field, and are journaled, logged and published nowhere.
    public var secureValues: [String: String]? = nil
    /// Every approval of an action that needed several people (the last one included), in the order they came;
    /// `nil` when the question had none.
    public let approvals: [Approval]?

    /// A resolution of `presentation` of `job`, with its cause, action, answerer, channel, time and text values.
    public init(
        presentation: String, job: String, cause: Cause, action: String?, by: String?, channel: String?, at: Date,
        values: [String: String]? = nil, approvals: [Approval]? = nil
    ) {
        self.approvals = approvals
        self.presentation = presentation
        self.job = job
        self.cause = cause
        self.action = action
        self.by = by
        self.channel = channel
        self.at = at
        self.values = values
    }

    /// The same resolution without its secure values, as it is kept and shown.
    public var withoutSecrets: Resolution {
        var copy = self
        copy.secureValues = nil
        return copy
    }

    /// A person's phrase for it: "answered by ana (cli) with remove", "expired", …
    public var summary: String {
        switch cause {
        case .answered where (approvals?.count ?? 0) > 1:
            "approved by \(approvals?.map { "\($0.by) (\($0.channel))" }.joined(separator: ", ") ?? "") with \(action ?? "no action")"
        case .answered: "answered by \(by ?? "someone")\(channel.map { " (\($0))" } ?? "") with \(action ?? "no action")"
        case .dismissed: "dismissed by \(by ?? "someone")\(action.map { " (resolved to \($0))" } ?? "")"
        case .expired: "expired\(action.map { " (resolved to \($0))" } ?? "")"
        case .withdrawn: "withdrawn"
        }
    }
}
