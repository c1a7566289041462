public import Foundation
import Primitives

/// The presentation state of one job: empty, presented, or resolved. A pure state machine.
///
/// As with SwiftUI's `item:` binding, one optional value is the whole state. Answering is
/// compare-and-swap on the presentation id: the first valid answer wins and clears the slot.
public struct PresentationSlot: Sendable, Hashable {
    /// The pending presentation, or `nil`: the one source of truth for "is waiting".
    public private(set) var current: Presentation?
    /// How each earlier presentation of the job ended, by presentation id.
    public private(set) var resolutions: [String: Resolution]
    /// The highest sequence presented so far.
    public private(set) var lastSequence: Int
    /// The approvals the current presentation has so far, of actions that need several people.
    public private(set) var approvals: [Approval]

    /// A slot holding `current` (if any) with its approvals so far, the resolutions so far and the last sequence asked.
    public init(current: Presentation? = nil, resolutions: [Resolution] = [], lastSequence: Int = 0, approvals: [Approval] = []) {
        self.current = current
        self.resolutions = Dictionary(resolutions.map { ($0.presentation, $0) }, uniquingKeysWith: { first, _ in first })
        self.lastSequence = max(lastSequence, current?.sequence ?? 0)
        self.approvals = current == nil ? [] : approvals
    }

    /// A slot from its parts as it keeps them: how earlier presentations ended by presentation id.
    public init(current: Presentation?, resolutions: [String: Resolution], lastSequence: Int, approvals: [Approval] = []) {
        self.current = current
        self.resolutions = resolutions
        self.lastSequence = max(lastSequence, current?.sequence ?? 0)
        self.approvals = current == nil ? [] : approvals
    }

    /// Whether a question is pending.
    public var isPresenting: Bool { current != nil }

    /// Shows a new presentation; refused while another is pending or when it goes backwards.
    public mutating func present(_ presentation: Presentation) throws(SlotRefusal) {
        if let current { throw .busy(current: current) }
        guard presentation.sequence > lastSequence else { throw .outOfOrder(expected: lastSequence + 1, got: presentation.sequence) }
        current = presentation
        lastSequence = presentation.sequence
        approvals = []
    }

    /// Applies an answer if it names the current presentation and one of its actions: it resolves the
    /// presentation, or, for an action that needs several people and does not have them yet, is recorded as
    /// one approval. The same person approving twice is refused.
    public mutating func answer(_ answer: Answer) throws(SlotRefusal) -> SlotAnswer {
        let presentation = try pending(answer.presentation)
        guard let action = presentation.action(answer.action) else {
            throw .unknownAction(answer.action, available: presentation.actions.map(\.id))
        }
        let problems = presentation.problems(with: answer.values, for: action)
        guard problems.isEmpty else { throw .invalidValues(problems) }
        if action.needsSeveral {
            if let earlier = approvals.first(where: { $0.by == answer.by }) {
                throw .alreadyApproved(
                    earlier,
                    ApprovalProgress(
                        presentation: presentation.id, action: earlier.action, needed: presentation.action(earlier.action)?.approvals ?? 1, approvals: approvals
                    ))
            }
            approvals.append(Approval(action: action.id, by: answer.by, channel: answer.channel, at: answer.at))
            let progress = ApprovalProgress(presentation: presentation.id, action: action.id, needed: action.approvals, approvals: approvals)
            if progress.missing > 0 { return .approved(progress) }
        }
        var plain: [String: String] = [:]
        var secure: [String: String] = [:]
        for field in presentation.fields(for: action) {
            guard let value = answer.values[field.id] else { continue }
            if field.kind == .secure { secure[field.id] = value } else { plain[field.id] = value }
        }
        var resolution = close(
            presentation, cause: .answered, action: answer.action, by: answer.by, channel: answer.channel, at: answer.at,
            values: plain.isEmpty ? nil : plain)
        resolution.secureValues = secure.isEmpty ? nil : secure
        return .resolved(resolution)
    }

    /// Closes the presentation without a choice; it resolves to the cancel action where there is one.
    public mutating func dismiss(_ id: String, by: String, channel: String, at: Date) throws(SlotRefusal) -> Resolution {
        let presentation = try pending(id)
        return close(presentation, cause: .dismissed, action: presentation.cancelAction?.id, by: by, channel: channel, at: at)
    }

    /// Expires the current presentation if its time has come: it resolves to its expiry action (the author's
    /// `onExpiry`, else the cancel action), whatever approvals it has short of the number.
    public mutating func expire(at now: Date) -> Resolution? {
        guard let current, current.isExpired(at: now) else { return nil }
        return close(current, cause: .expired, action: current.expiryAction?.id, by: nil, channel: nil, at: now)
    }

    /// Widens the audience of pending presentation `id` by its escalation, if due at `now` and not done yet;
    /// returns the widened presentation, which is then the current one.
    public mutating func escalate(_ id: String, at now: Date) -> Presentation? {
        guard let current, current.id == id, let widened = current.escalated(at: now) else { return nil }
        self.current = widened
        return widened
    }

    /// The worker takes its question back (or the job ended): every resolver closes it.
    public mutating func withdraw(at now: Date) -> Resolution? {
        guard let current else { return nil }
        return close(current, cause: .withdrawn, action: nil, by: nil, channel: nil, at: now)
    }

    private func pending(_ id: String) throws(SlotRefusal) -> Presentation {
        if let resolution = resolutions[id] { throw .alreadyResolved(resolution) }
        guard let current, current.id == id else { throw .stale(id: id, current: current) }
        return current
    }

    private mutating func close(
        _ presentation: Presentation, cause: Resolution.Cause, action: String?, by: String?, channel: String?, at: Date,
        values: [String: String]? = nil
    ) -> Resolution {
        // An action that needed several people lists its own approvers; a question that ended otherwise lists
        // the approvals it had.
        let approvers = approvals.contains { $0.action == action } ? approvals.filter { $0.action == action } : approvals
        let resolution = Resolution(
            presentation: presentation.id, job: presentation.job, cause: cause, action: action, by: by, channel: channel, at: at,
            values: values, approvals: approvers.isEmpty ? nil : approvers)
        resolutions[presentation.id] = resolution
        current = nil
        approvals = []
        return resolution
    }
}

/// Why a slot refused a change, with what the caller needs to tell the person.
public enum SlotRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// Another presentation is pending; a job shows one at a time.
    case busy(current: Presentation)
    /// The sequence did not follow the last one.
    case outOfOrder(expected: Int, got: Int)
    /// The presentation was resolved already; here is how.
    case alreadyResolved(Resolution)
    /// The presentation is not the job's current one.
    case stale(id: String, current: Presentation?)
    /// The presentation does not offer that action.
    case unknownAction(String, available: [String])
    /// Text values its fields refused, each with the field and what is wrong.
    case invalidValues([FieldProblem])
    /// The presentation is meant for others than who answered.
    case notInAudience(presentation: String, audience: Audience, by: String, groups: [String])
    /// This person approved already (their approval, and where the approvals stand); one person counts once.
    case alreadyApproved(Approval, ApprovalProgress)

    public var description: String {
        switch self {
        case .busy(let current): "job \(current.job) is already waiting on presentation \(current.id)"
        case .outOfOrder(let expected, let got): "presentation sequence \(got) does not follow; expected \(expected)"
        case .alreadyResolved(let resolution): "presentation \(resolution.presentation) was already \(resolution.summary) at \(Timestamp.string(resolution.at))"
        case .stale(let id, let current):
            "presentation \(id) is not pending" + (current.map { "; the job now asks \($0.id)" } ?? "")
        case .unknownAction(let action, let available):
            "the presentation offers no action \"\(action)\"; it offers \(available.joined(separator: ", "))"
        case .invalidValues(let problems):
            "the answer's values were refused: " + problems.map(\.description).joined(separator: "; ")
        case .notInAudience(let presentation, let audience, let by, let groups):
            "presentation \(presentation) is for \(audience) only; "
                + (by.isEmpty ? "an unnamed answerer" : by + (groups.isEmpty ? " (no groups)" : " (groups \(groups.joined(separator: ", ")))"))
                + " is not among them"
        case .alreadyApproved(let approval, let progress):
            "\(approval.by) already approved \(approval.action) at \(Timestamp.string(approval.at)); each person counts once (\(progress))"
        }
    }
}

/// What an answer did to a slot: resolved its presentation, or added one approval short of the number needed.
public enum SlotAnswer: Sendable, Hashable {
    /// The presentation resolved.
    case resolved(Resolution)
    /// One approval was recorded; the action needs more.
    case approved(ApprovalProgress)

    /// The resolution, when the answer resolved the presentation.
    public var resolution: Resolution? {
        if case .resolved(let resolution) = self { resolution } else { nil }
    }
}
