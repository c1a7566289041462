public import Foundation
public import JSON
public import Presentation

/// A job as every part of Interlude sees it; `presentation` is the one source of truth for waiting.
public struct Job: Sendable, Hashable, Identifiable {
    public let id: String
    public let operation: String
    /// The input as its client spelled it, checked once at submit and passed on byte for byte.
    public let input: RawJSON
    /// Stored lifecycle state; `waiting` is never stored, it is derived from `presentation`.
    public var phase: Phase
    /// The pending presentation, or `nil`.
    public var presentation: Presentation?
    /// The operation's output as its worker wrote it: checked once by the broker as it arrived, then passed on byte for byte.
    public var result: RawJSON?
    public var error: Failure?
    public var progress: Progress?
    /// How many times the job has been handed to a worker.
    public var attempts: Int
    /// How many times it was handed out again because the worker running it was lost (died,
    /// disconnected, or forgot it); past the broker's `maxRedispatches` the job fails as `poisoned`.
    public var redispatches: Int = 0
    /// How its last question ended, once the job has ended after one (`finished` says it in the timeline too).
    public var outcome: Outcome?
    /// Seconds each of its questions may wait for an answer, set at submit (`--answer-within`); it replaces
    /// the operation's own deadline. `nil`: the operation's.
    public var answerWithin: TimeInterval?
    /// Who its questions are for, set at submit (`--for`); replaces the operation's. `nil`: the operation's.
    public var audience: Audience?
    public let createdAt: Date
    public var updatedAt: Date

    public init(
        id: String, operation: String, input: RawJSON, phase: Phase = .queued, presentation: Presentation? = nil,
        result: RawJSON? = nil, error: Failure? = nil, progress: Progress? = nil, attempts: Int = 0,
        createdAt: Date, updatedAt: Date? = nil
    ) {
        self.id = id
        self.operation = operation
        self.input = input
        self.phase = phase
        self.presentation = presentation
        self.result = result
        self.error = error
        self.progress = progress
        self.attempts = attempts
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }

    /// The state a person sees: `waiting` whenever a presentation is pending.
    public var state: State {
        if presentation != nil, !phase.isFinal { return .waiting }
        return phase.state
    }

    /// Whether the job has ended.
    public var isFinished: Bool { phase.isFinal }

    /// What is stored of a state read: `waiting` is stored as running (it is derived from `presentation`).
    static func phase(_ state: State) -> Phase {
        state == .waiting ? .running : Phase(rawValue: state.rawValue)!
    }

    /// The public states of a job.
    public enum State: String, Codable, Sendable, Hashable, CaseIterable {
        case queued, running, waiting, succeeded, failed, cancelled
    }

    /// What is stored: every state but `waiting`, which is derived.
    public enum Phase: String, Codable, Sendable, Hashable, CaseIterable {
        case queued, running, succeeded, failed, cancelled

        public var isFinal: Bool { self == .succeeded || self == .failed || self == .cancelled }
        var state: State { State(rawValue: rawValue)! }
    }

    /// How far a running job has come.
    public struct Progress: Sendable, Hashable {
        public let done: Int64
        public let total: Int64
        public init(done: Int64, total: Int64) {
            self.done = done
            self.total = total
        }
    }
}

extension Job {
    /// Why a job failed, for a person and for a program: a stable code and a one-line message.
    public struct Failure: Sendable, Hashable, CustomStringConvertible {
        /// Stable and machine-readable, such as `downloadNotFound` or `invalidInput`.
        public let code: String
        /// What went wrong, for a person.
        public let message: String

        /// A failure with this code and message.
        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }

        public var description: String { "\(message) [\(code)]" }
    }
}
