public import Foundation
public import JSON
import Presentation

/// What an event says of its job: what a subscriber needs to act without asking for the job, and
/// nothing bulky. Never the input, never the question (the event carries that once, beside it); a
/// reader that wants the whole job asks for it (`status`, `GET /v1/jobs/{id}`).
public struct JobSummary: Sendable, Hashable, Identifiable {
    public let id: String
    public let operation: String
    /// The job's state after the event.
    public let state: Job.State
    /// How many times the job has been handed to a worker.
    public let attempts: Int
    public let updatedAt: Date
    /// The operation's output as its worker wrote it, once the job has succeeded.
    public let result: RawJSON?
    /// Why it failed or was cancelled, once it has.
    public let error: Job.Failure?
    /// How its last question ended, once the job has ended after one.
    public let outcome: Job.Outcome?

    /// A summary with these values.
    public init(
        id: String, operation: String, state: Job.State, attempts: Int, updatedAt: Date, result: RawJSON? = nil,
        error: Job.Failure? = nil, outcome: Job.Outcome? = nil
    ) {
        self.id = id
        self.operation = operation
        self.state = state
        self.attempts = attempts
        self.updatedAt = updatedAt
        self.result = result
        self.error = error
        self.outcome = outcome
    }

    /// What an event says of `job`: its result, error and outcome only once it has ended.
    public init(_ job: Job) {
        let ended = job.isFinished
        self.init(
            id: job.id, operation: job.operation, state: job.state, attempts: job.attempts, updatedAt: job.updatedAt,
            result: ended ? job.result : nil, error: ended ? job.error : nil, outcome: ended ? job.outcome : nil)
    }

    /// The same summary without its result (`null` in its place): what is listed of an event too large to travel whole.
    public func trimmed() -> JobSummary {
        JobSummary(
            id: id, operation: operation, state: state, attempts: attempts, updatedAt: updatedAt,
            result: result == nil ? nil : .null, error: error, outcome: outcome)
    }
}
