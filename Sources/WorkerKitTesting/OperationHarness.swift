import Foundation
import Presentation
import Synchronization
public import Wire
public import WorkerKit

/// Runs an operation without sockets: a scripted responder answers its questions, and the run records
/// every presentation, step, progress report and the output or error.
///
/// ```swift
/// let run = await OperationHarness(RemoveDownload(library: folder))
///     .run(.init(trackID: "t-101", title: "Blue in Green")) { _ in .answer("remove") }
/// #expect(run.output == .init(removed: true))
/// ```
public final class OperationHarness<O: JobOperation>: Sendable {
    /// The operation under test.
    public let operation: O
    /// What earlier attempts recorded; a replay returns these answers and steps instead of asking or running.
    public let history: History
    /// The job id presentations carry.
    public let job: String
    /// The attempt number the context reports.
    public let attempt: Int
    private let running = Mutex(Running())

    private struct Running {
        var task: Task<O.Output, any Error>?
        var cancelRequested = false
    }

    /// A harness for `operation`, replaying `history` (empty for a first attempt).
    public init(_ operation: O, history: History = History(), job: String = "job-1", attempt: Int = 1) {
        self.operation = operation
        self.history = history
        self.job = job
        self.attempt = attempt
    }

    /// Runs the operation on `input` to the end; `respond` plays the person (by default, dismissing).
    public func run(
        _ input: O.Input,
        respond: @escaping @Sendable (Presentation) async -> ScriptedResponse = { _ in .dismiss }
    ) async -> OperationRun<O.Output> {
        let backend = InMemoryJobBackend(respond: respond)
        let context = JobContext(id: job, attempt: attempt, operation: O.name, history: history, backend: backend)
        let operation = operation
        let task = Task { try await operation.run(input, in: context) }
        let cancelNow = running.withLock { running in
            running.task = task
            return running.cancelRequested
        }
        if cancelNow { task.cancel() }
        let result = await withTaskCancellationHandler {
            await task.result
        } onCancel: {
            task.cancel()
        }
        return OperationRun(result: result, backend: backend, history: history)
    }

    /// Cancels the running operation as the broker does when a job is cancelled; before `run`, cancels it at start.
    public func cancel() {
        let task = running.withLock { running in
            running.cancelRequested = true
            return running.task
        }
        task?.cancel()
    }
}
