import Foundation
import Presentation
public import Wire

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

    /// Throws the refusal a client's request gets, if any: its body's own rules (`ClientRequestBody.check`).
    public func check(_ request: ClientRequest) throws(WireError) {
        try request.parts.body?.check(limits)
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

    /// Error messages longer than this are cut, so an error always fits where the job goes.
    static let errorMessageLength = 2_000
}
