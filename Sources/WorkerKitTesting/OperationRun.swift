public import Presentation
public import Wire
public import WorkerKit

/// Everything one harness run observed.
public struct OperationRun<Output: Sendable>: Sendable {
    /// The operation's output, or the error it threw.
    public let result: Result<Output, any Error>
    /// Every presentation shown (answers found in the history are not shown), in order.
    public let presentations: [Presentation]
    /// How each shown presentation was resolved, in order.
    public let resolutions: [Resolution]
    /// Every step recorded in this run (steps found in the history are not recorded again), in order.
    public let steps: [RecordedStep]
    /// Every progress report, in order.
    public let progress: [Job.Progress]
    /// How many times the operation withdrew a question.
    public let withdrawals: Int
    /// Every question whose audience its escalation widened (`ScriptedResponse.escalate(then:)`), as widened.
    public let escalations: [Presentation]
    /// The given history plus everything this run recorded: what a broker hands the next attempt.
    public let history: History

    init(result: Result<Output, any Error>, backend: InMemoryJobBackend, history: History) {
        self.result = result
        presentations = backend.presentations
        resolutions = backend.resolutions
        steps = backend.steps
        progress = backend.progressReports
        withdrawals = backend.withdrawals
        escalations = backend.escalations
        let recorded = backend.recorded
        self.history = History(
            steps: history.steps.merging(recorded.steps) { _, new in new },
            answered: history.answered + recorded.answered)
    }

    /// The output, or `nil` when the operation threw.
    public var output: Output? { try? result.get() }

    /// The thrown error, or `nil` when the operation returned.
    public var error: (any Error)? {
        if case .failure(let error) = result { return error }
        return nil
    }

    /// The thrown error when it is a `JobError`, the kind a person sees.
    public var jobError: JobError? { error as? JobError }

    /// Whether the operation ended by cancellation.
    public var wasCancelled: Bool { error is CancellationError }

    /// The names of the recorded steps, in order.
    public var stepNames: [String] { steps.map(\.name) }
}
