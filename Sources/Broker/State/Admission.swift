import Foundation
import Presentation
import Wire

/// What the broker checks at its edge, before anything else looks at a message and so before anything
/// is journaled: sizes against the one size policy, names against the text rules.
///
/// Frames over `maxMessageBytes` and JSON over the nesting or key limits never get this far: the wire
/// decoder refuses them. What is left are the parts of a message that must fit somewhere smaller: an
/// input must fit a dispatch beside its history, a question must fit an event beside its job.
public struct Admission: Sendable {
    /// The size policy.
    public let limits: MessageLimits

    /// Checks against `limits`.
    public init(limits: MessageLimits) {
        self.limits = limits
    }

    /// Throws the refusal a client's request gets, if any.
    public func check(_ request: ClientRequest) throws(WireError) {
        switch request {
        case .submit(let submit):
            try Names.check(submit.operation, as: "operation")
            try limits.check(input: submit.input)
            if let key = submit.idempotencyKey { try Names.check(key, as: "idempotencyKey", maxLength: 255) }
            if let within = submit.answerWithin, !(within > 0 && within <= Self.longestAnswerWithin) {
                throw WireError(.invalidBody, "answerWithin must be more than 0 and at most \(Int(Self.longestAnswerWithin)) seconds (a year), got \(within)")
            }
            if let problem = submit.audience?.problem { throw WireError(.invalidBody, problem) }
        case .answer(let answer):
            try Names.check(answer.by, as: "by")
            try Names.check(answer.channel, as: "channel", maxLength: 32)
        case .operations(let query):
            if let name = query.name { try Names.check(name, as: "name") }
        case .history(let query):
            try Names.check(query.job, as: "job")
        case .status, .jobs, .pending, .presentation, .cancel, .events, .stats:
            break
        }
    }

    /// The worker's message as the broker takes it, or the refusal it gets. A result whose output is
    /// too large becomes a failure with code `tooLarge`, so the job ends instead of hanging.
    public func admit(_ message: WorkerMessage) throws(WireError) -> WorkerMessage {
        switch message {
        case .present(let present):
            try limits.check(question: present.draft)
        case .step(let step):
            try limits.check(value: step.value, "the value of step \(step.name)")
        case .result(let result):
            return .result(admit(result))
        case .ready, .heartbeat, .withdraw, .progress, .refuse, .disconnect, .drop:
            break
        }
        return message
    }

    private func admit(_ result: WorkerMessage.Result) -> WorkerMessage.Result {
        do {
            if let output = result.output { try limits.check(value: output, "the output") }
        } catch {
            let failure = Job.Failure(code: error.code.rawValue, message: error.message)
            return .init(job: result.job, attempt: result.attempt, outcome: .failed, error: failure)
        }
        if let error = result.error, error.message.count > Self.errorMessageLength {
            let shortened = Job.Failure(code: String(error.code.prefix(100)), message: String(error.message.prefix(Self.errorMessageLength)) + "…")
            return .init(job: result.job, attempt: result.attempt, outcome: result.outcome, output: result.output, error: shortened)
        }
        return result
    }

    /// The longest deadline a submit may give its questions: a year.
    static let longestAnswerWithin: TimeInterval = 366 * 86_400

    /// Error messages longer than this are cut, so an error always fits where the job goes.
    static let errorMessageLength = 2_000
}
