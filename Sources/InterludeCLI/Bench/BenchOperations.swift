import Operations
import Presentation
import Wire
import WorkerKit

/// Asks one confirmation dialog and returns the chosen action: the bench's answer→completion probe.
struct BenchConfirm: WorkerKit.Operation {
    static let name = "benchConfirm"

    /// The action the person chose, or nil when the question closed without one.
    struct Output: Codable, Sendable {
        let action: String?
    }

    /// The action the bench answers with.
    static let proceed = "proceed"

    func run(_ input: NoFields, in job: JobContext) async throws -> Output {
        let draft = Presentation.Draft.confirmationDialog(
            "Carry on with the bench?", actions: [Action(id: Self.proceed, label: "Carry on")])
        return Output(action: try await job.present(draft).action)
    }
}

/// The operations a bench worker runs and its broker accepts: `noop` and `benchConfirm`.
enum BenchOperations {
    static var registry: OperationRegistry {
        var registry = OperationRegistry()
        registry.register(Noop())
        registry.register(BenchConfirm())
        return registry
    }
}
