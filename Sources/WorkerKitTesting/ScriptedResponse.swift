public import WorkerKit

/// What the scripted person does with a presentation, resolved the way the broker would.
public enum ScriptedResponse: Sendable, Hashable {
    /// Chooses the action with this id.
    case answer(String)
    /// Chooses the action with this id, filling in text fields (by field id), checked as the broker checks them.
    case answerWith(String, values: [String: String])
    /// Closes the question without choosing; resolves to the cancel action where there is one.
    case dismiss
    /// Lets the question expire; resolves to its author's `onExpiry` choice, else to the cancel action where there is one.
    case expire
    /// The question is taken back (the job ended elsewhere); the operation gets no action.
    case withdraw
    /// The question waits until its escalation is due and its audience widens (the widened question is in
    /// `OperationRun.escalations`), then the person does `then`.
    indirect case escalate(then: ScriptedResponse)
}

extension ScriptedResponse {
    /// Chooses `action`, as a person would by its id.
    public static func choose(_ action: some PresentationAction) -> ScriptedResponse { .answer(action.id) }
}
