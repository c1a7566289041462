import Foundation
import JSON
import Presentation
import Synchronization
public import Wire

/// What a running operation uses to ask questions, record steps and report progress.
///
/// On a replay (the job moved to another worker) answers and steps already in the job's history are
/// returned at once, so nothing is asked or done twice.
public final class JobContext: Sendable {
    /// The job's id, such as `job_3f9c0a1b7d2e4c55`.
    public let id: String
    /// 1 for the first handing-out of the job, 2 for its first replay, …
    public let attempt: Int
    /// The operation's name.
    public let operation: String
    let history: History
    let backend: any JobBackend
    private let counters = Mutex(Counters())

    private struct Counters {
        var sequence = 0
        var steps: [String: Int] = [:]
    }

    /// A context for one attempt of a job; `history` is what earlier attempts recorded.
    public init(id: String, attempt: Int, operation: String, history: History, backend: any JobBackend) {
        self.id = id
        self.attempt = attempt
        self.operation = operation
        self.history = history
        self.backend = backend
    }

    /// Asks a question and waits for the person's choice: `nil` when the question closed without one of
    /// `Choice`'s values (withdrawn, or a default button the model added). Dismissal and expiry choose the
    /// cancel action. A recorded answer that `Choice` does not offer (the operation changed while the job
    /// waited) throws a `JobError` with the code `unknownAnswer`, failing the job rather than guessing.
    ///
    /// ```swift
    /// let question = Question<Choice>.confirmationDialog(
    ///     "Remove \(input.title)?", titleVisibility: .visible, actions: [.remove, .cancel],
    ///     localization: Localization("removeDownload.confirm", [input.title]))
    /// guard try await job.present(question) == .remove else { return Output(removed: false) }
    /// ```
    public func present<Choice>(_ question: Question<Choice>) async throws -> Choice? {
        try question.choice(in: await resolve(question.draft))
    }

    /// Asks a question with text fields and returns the choice with the fields' values, by field id. A
    /// secure field's value is here only in the attempt that received the answer: a replay (after a
    /// worker or broker restart) gets the recorded resolution, which never holds secure values.
    public func answer<Choice>(to question: Question<Choice>) async throws -> Answered<Choice> {
        let resolution = try await resolve(question.draft)
        let values = (resolution.values ?? [:]).merging(resolution.secureValues ?? [:]) { plain, _ in plain }
        return Answered(choice: try question.choice(in: resolution), values: values)
    }

    /// Asks a question and waits for its resolution (answered, dismissed, expired or withdrawn); a recorded
    /// resolution is returned at once.
    func resolve(_ draft: Presentation.Draft) async throws -> Resolution {
        let sequence = counters.withLock { counters in
            counters.sequence += 1
            return counters.sequence
        }
        if let recorded = history.resolution(forSequence: sequence) { return recorded }
        try Task.checkCancellation()
        return try await backend.present(job: id, attempt: attempt, sequence: sequence, draft: draft)
    }

    /// Runs `body` once: its result is journaled, and a replay returns the recorded result instead.
    /// Names must be stable across replays; a name used again gets a numbered suffix (`copy`, `copy#2`).
    ///
    /// ```swift
    /// let moved: Int = try await job.step("moveFiles") {   // runs once; a replay returns the recorded count
    ///     try move(input.files, to: folder)
    /// }
    /// ```
    public func step<T: Codable & Sendable>(_ name: String, _ body: () async throws -> T) async throws -> T {
        let key = counters.withLock { counters in
            counters.steps[name, default: 0] += 1
            let count = counters.steps[name]!
            return count == 1 ? name : "\(name)#\(count)"
        }
        if let recorded = history.steps[key] { return try recorded.decode(as: T.self) }
        try Task.checkCancellation()
        let value = try await body()
        try await backend.recordStep(job: id, attempt: attempt, name: key, value: RawJSON(encoding: value))
        return value
    }

    /// Takes back the pending question: every resolver closes it, and `present` returns `withdrawn`.
    public func withdraw() async throws {
        try await backend.withdraw(job: id, attempt: attempt)
    }

    /// Reports how far the job has come; shown in its status. Neither async nor throwing: reports may be
    /// coalesced or dropped, so send as often as is convenient.
    ///
    /// ```swift
    /// job.progress(done: Int64(copied), total: Int64(files.count))
    /// ```
    public func progress(done: Int64, total: Int64) {
        backend.progress(job: id, attempt: attempt, done: done, total: total)
    }
}
