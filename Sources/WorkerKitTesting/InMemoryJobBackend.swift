public import Foundation
public import JSON
public import Presentation
import Synchronization
public import Wire
public import WorkerKit

/// A `JobBackend` without a broker: questions go to a scripted responder, and everything is recorded.
///
/// Drafts become real `Presentation`s (so every rule of the model applies) and are resolved through a
/// `PresentationSlot`, exactly as the broker resolves them.
public final class InMemoryJobBackend: JobBackend {
    private let respond: @Sendable (Presentation) async -> ScriptedResponse
    private let now: @Sendable () -> Date
    private let state = Mutex(State())

    struct State {
        var slot = PresentationSlot()
        var presentations: [Presentation] = []
        var answered: [History.Answered] = []
        var steps: [RecordedStep] = []
        var progress: [Job.Progress] = []
        var withdrawals = 0
        var escalations: [Presentation] = []
    }

    /// A backend answering with `respond`; `now` stamps presentations and resolutions.
    public init(
        now: @escaping @Sendable () -> Date = { Date() },
        respond: @escaping @Sendable (Presentation) async -> ScriptedResponse
    ) {
        self.now = now
        self.respond = respond
    }

    /// Every presentation shown, in order.
    public var presentations: [Presentation] { state.withLock { $0.presentations } }
    /// How each shown presentation was resolved, in order.
    public var resolutions: [Resolution] { state.withLock { $0.answered.map(\.resolution) } }
    /// Every step recorded, in order.
    public var steps: [RecordedStep] { state.withLock { $0.steps } }
    /// Every progress report, in order.
    public var progressReports: [Job.Progress] { state.withLock { $0.progress } }
    /// Every question whose audience was widened by its escalation, as widened, in order.
    public var escalations: [Presentation] { state.withLock { $0.escalations } }
    /// How many times the operation called `withdraw()`.
    public var withdrawals: Int { state.withLock { $0.withdrawals } }

    /// What this backend recorded, as the history a broker would hand the next attempt.
    public var recorded: History {
        state.withLock { state in
            History(
                steps: Dictionary(state.steps.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last }),
                answered: state.answered)
        }
    }

    /// Builds the presentation, shows it to the responder and resolves it; refuses a draft that breaks a rule.
    public func present(job: String, attempt: Int, sequence: Int, draft: Presentation.Draft) async throws -> Resolution {
        let presentation: Presentation
        do {
            presentation = try Presentation(draft, id: "\(job)-\(sequence)", job: job, sequence: sequence, createdAt: now())
        } catch {
            throw PresentationRefused(WireError(.invalidPresentation, error.description))
        }
        try state.withLock { state throws(PresentationRefused) in
            do throws(SlotRefusal) { try state.slot.present(presentation) } catch { throw PresentationRefused(WireError(error)) }
            state.presentations.append(presentation)
        }
        var response = await respond(presentation)
        let cancelled = Task.isCancelled
        let resolution = try state.withLock { state throws(WireError) in
            // Time passes to the escalation, as the broker's clock would let it: the audience widens once.
            while case .escalate(let then) = response {
                let due = presentation.escalatesAt.map { max(now(), $0) } ?? now()
                if let widened = state.slot.escalate(presentation.id, at: due) { state.escalations.append(widened) }
                response = then
            }
            let resolution = try Self.resolve(presentation, cancelled ? .withdraw : response, in: &state.slot, at: now())
            state.answered.append(History.Answered(sequence: sequence, resolution: resolution))
            return resolution
        }
        // The job ended while it waited: the question is withdrawn, and the operation sees the cancellation.
        if cancelled { throw CancellationError() }
        return resolution
    }

    /// Records the step's result.
    public func recordStep(job: String, attempt: Int, name: String, value: RawJSON) async throws {
        state.withLock { $0.steps.append(RecordedStep(name: name, value: value)) }
    }

    /// Counts the withdrawal; a question still pending is resolved as withdrawn.
    public func withdraw(job: String, attempt: Int) async throws {
        state.withLock { state in
            state.withdrawals += 1
            _ = state.slot.withdraw(at: now())
        }
    }

    /// Records the report.
    public func progress(job: String, attempt: Int, done: Int64, total: Int64) {
        state.withLock { $0.progress.append(Job.Progress(done: done, total: total)) }
    }
}
