public import Foundation
public import Presentation

/// One line of a job's timeline: when, what (`type`), and the fields of that type; absent fields are left out.
///
/// `queued`; `dispatched` (`worker`, `attempt`); `asked` (`question`: the presentation's full snapshot);
/// `escalated` (`presentation`, and `question`: the presentation with its widened audience, without its item);
/// `resolved` (`presentation`, `action`, `cause`, `by`, `channel`, `values` of its text fields); `refused` (an answer that did not take
/// effect: `presentation`, `action`, `by`, `channel`, `error`); `approved` (one approval of an action that needs
/// several people, short of their number: `presentation`, `action`, `by`, `channel`); `step` (`step`, the name recorded);
/// `progress` (`done`, `total`, at each quarter); `retried` (`worker`, `attempt`, `reason`: the worker was
/// lost and the job goes back to the queue); `cancelRequested`; `finished` (`state`, `outcome`, `error`).
public struct HistoryEntry: Sendable, Hashable {
    /// What happened.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        case queued, dispatched, asked, escalated, resolved, refused, step, progress, retried, cancelRequested, finished, approved
    }

    public let at: Date
    public let type: Kind
    public var worker: String?
    public var attempt: Int?
    public var question: Presentation?
    public var presentation: String?
    public var action: String?
    public var cause: Resolution.Cause?
    public var by: String?
    public var channel: String?
    /// On `resolved`: the values of the question's text fields given with the answer (never the secure ones).
    public var values: [String: String]?
    public var step: String?
    public var done: Int64?
    public var total: Int64?
    public var reason: String?
    public var state: Job.State?
    public var outcome: Job.Outcome?
    public var error: Job.Failure?

    /// An entry of `type` at `at`; set the fields of its type afterwards.
    public init(_ type: Kind, at: Date) {
        self.type = type
        self.at = at
    }

    /// `resolved`, from a resolution.
    public static func resolved(_ resolution: Resolution) -> HistoryEntry {
        var entry = HistoryEntry(.resolved, at: resolution.at)
        entry.presentation = resolution.presentation
        entry.action = resolution.action
        entry.cause = resolution.cause
        entry.by = resolution.by
        entry.channel = resolution.channel
        entry.values = resolution.values
        return entry
    }

    /// `approved`, from one approval of `presentation`.
    public static func approved(_ approval: Approval, of presentation: String) -> HistoryEntry {
        var entry = HistoryEntry(.approved, at: approval.at)
        entry.presentation = presentation
        entry.action = approval.action
        entry.by = approval.by
        entry.channel = approval.channel
        return entry
    }

    /// `asked`, with the question's snapshot.
    public static func asked(_ presentation: Presentation) -> HistoryEntry {
        var entry = HistoryEntry(.asked, at: presentation.createdAt)
        entry.question = presentation
        return entry
    }

    /// `escalated`, with the widened question (its item left out: `asked` has it).
    public static func escalated(_ presentation: Presentation) -> HistoryEntry {
        var entry = HistoryEntry(.escalated, at: presentation.escalatedAt ?? presentation.createdAt)
        entry.presentation = presentation.id
        entry.question = presentation.trimmed()
        return entry
    }

    /// The same entry without the question's item snapshot, for a page that could not carry it whole.
    public func trimmed() -> HistoryEntry {
        var copy = self
        copy.question = question?.trimmed()
        return copy
    }
}

extension Job {
    /// How the job's last question ended, when the job ended after one: the action it resolved to (the
    /// cancel action of an expired or dismissed question too), why, and which question it was.
    public struct Outcome: Sendable, Hashable {
        /// The action chosen (or resolved to); `nil` when there was none to take.
        public let action: String?
        /// Answered, dismissed, expired or withdrawn.
        public let cause: Resolution.Cause
        /// The question.
        public let presentation: String

        /// The outcome of a question that ended with `resolution`.
        public init(_ resolution: Resolution) {
            action = resolution.action
            cause = resolution.cause
            presentation = resolution.presentation
        }
    }
}
