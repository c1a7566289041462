public import Foundation
import JSON
import Presentation

/// A question an operation asks: an alert or a confirmation dialog whose actions are values of `Choice`.
///
/// The twin of swift-navigation's `AlertState<Action>` and `ConfirmationDialogState<Action>`:
/// `job.present(question)` returns the chosen value, so an action that does not exist cannot be written.
public struct Question<Choice: PresentationAction>: Sendable {
    /// The actions offered, in the author's order (each resolver arranges them by its own conventions).
    public let choices: [Choice]
    /// The question as a worker sends it.
    public private(set) var draft: Presentation.Draft

    /// A question from a draft whose actions are `choices`; every other part of `draft` is kept.
    public init(_ draft: Presentation.Draft, choices: [Choice]) {
        var draft = draft
        draft.actions = choices.map(\.action)
        self.choices = choices
        self.draft = draft
    }

    /// `alert(_:item:actions:message:)`; `expiresAfter` seconds later it resolves to its cancel action.
    public static func alert(
        _ title: String, message: String? = nil, actions: [Choice], item: JSONValue? = nil,
        localization: Localization? = nil, expiresAfter: TimeInterval? = nil
    ) -> Question {
        var draft = Presentation.Draft.alert(title, message: message, item: item, localization: localization)
        draft.expiresAfter = expiresAfter
        return Question(draft, choices: actions)
    }

    /// `confirmationDialog(_:item:titleVisibility:actions:message:)`; a dialog always offers a cancel action.
    public static func confirmationDialog(
        _ title: String, titleVisibility: Presentation.TitleVisibility = .automatic, message: String? = nil,
        actions: [Choice], item: JSONValue? = nil, localization: Localization? = nil, expiresAfter: TimeInterval? = nil
    ) -> Question {
        var draft = Presentation.Draft.confirmationDialog(
            title, titleVisibility: titleVisibility, message: message, item: item, localization: localization)
        draft.expiresAfter = expiresAfter
        return Question(draft, choices: actions)
    }

    /// `alert(error:actions:message:)`: the title is the error's description and, without a message, the
    /// message is its recovery suggestion; the alert's catalog key is the error's.
    public static func alert(
        error: some PresentableError, message: String? = nil, actions: [Choice], item: JSONValue? = nil,
        expiresAfter: TimeInterval? = nil
    ) -> Question {
        var draft = Presentation.Draft.alert(
            error: error.presented, message: message, item: item, localization: error.localization)
        draft.expiresAfter = expiresAfter
        return Question(draft, choices: actions)
    }

    /// The value a resolution chose: `nil` when it chose nothing of the author's (withdrawn, or a default
    /// button the model added, such as an alert's "OK"); an id the question never offered is an error.
    public func choice(in resolution: Resolution) throws(JobError) -> Choice? {
        guard let id = resolution.action else { return nil }
        if let chosen = choices.first(where: { $0.id == id }) { return chosen }
        if draft.completedActions.contains(where: { $0.id == id }) { return nil }
        let offered = draft.completedActions.map(\.id).joined(separator: ", ")
        throw JobError(
            code: "unknownAnswer",
            message: "question \(resolution.presentation) of job \(resolution.job) was answered with \"\(id)\", "
                + "which is not one of its actions now (\(offered)); the operation changed while the job waited")
    }
}

/// A question's answer with its text fields' values (`JobContext.answer(to:)`).
public struct Answered<Choice: PresentationAction>: Sendable {
    /// The choice; `nil` when the question ended without one (withdrawn, or no cancel action to fall back on).
    public let choice: Choice?
    /// The values of the fields that belong to the chosen action, by field id, secure ones included.
    public let values: [String: String]
}

extension Question {
    /// The same question for `audience` only (a submit's audience, when given, takes its place). An action that
    /// needs more approvals than the users an audience of users only names is refused when the question is asked.
    public func `for`(_ audience: Audience) -> Question {
        var copy = self
        copy.draft.audience = audience
        return copy
    }

    /// The same question with text fields beside its buttons.
    public func with(fields: [TextFieldState]) -> Question {
        var copy = self
        copy.draft.fields = fields
        return copy
    }

    /// The same question for `audience` only (a job submitted for an audience keeps its own instead).
    public func meant(for audience: Audience) -> Question {
        var copy = self
        copy.draft.audience = audience
        return copy
    }

    /// The same question resolving to `choice` when it expires (its `expiresAfter` deadline, or the job's
    /// `answerWithin`) instead of to its cancel action, with the cause `expired`, whatever approvals it has
    /// short of the number: `.onExpiry(.deploy)` makes a deploy go ahead unless someone cancels in time.
    public func onExpiry(_ choice: Choice) -> Question {
        var copy = self
        copy.draft.onExpiry = choice.id
        return copy
    }

    /// The same question, for `audience` too once it has waited `delay` unanswered (whole seconds, at least
    /// one): `.escalate(after: .seconds(7200), to: .group("leads"))`. Its first audience (the job's) keeps its
    /// say; a question for anyone has no one to add.
    public func escalate(after delay: Duration, to audience: Audience) -> Question {
        let (seconds, fraction) = delay.components
        var copy = self
        copy.draft.escalation = Escalation(afterSeconds: Int(clamping: seconds) + (fraction > 0 ? 1 : 0), to: audience)
        return copy
    }
}
