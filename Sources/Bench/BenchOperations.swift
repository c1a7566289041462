import Operations
import WorkerKit

/// Asks one confirmation dialog and returns the chosen action: the bench's answer→completion probe.
struct BenchConfirm: JobOperation {
    static let name = "benchConfirm"
    static let summary = "Ask one confirmation dialog (for the answer latency benchmark)"

    /// The action the person chose, or nil when the question closed without one.
    struct Output: Codable, Sendable {
        let action: String?
    }

    /// The question's one action; the dialog adds its cancel action.
    enum Choice: String, PresentationAction {
        case proceed
        var button: ButtonState { ButtonState("Carry on") }
    }

    /// The action the bench answers with.
    static let proceed = Choice.proceed.id

    func run(_ input: NoFields, in job: JobContext) async throws -> Output {
        let question = Question<Choice>.confirmationDialog("Carry on with the bench?", actions: [.proceed])
        return Output(action: try await job.present(question)?.id)
    }
}

/// The operations a bench worker runs and its broker accepts: `noop` and `benchConfirm`.
enum BenchOperations {
    static func registry() throws -> OperationRegistry {
        var registry = OperationRegistry()
        try registry.register(Noop())
        try registry.register(BenchConfirm())
        return registry
    }
}
