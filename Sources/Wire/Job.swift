public import Foundation
public import JSON
public import Presentation

/// A job as every part of Interlude sees it; `presentation` is the one source of truth for waiting.
public struct Job: Codable, Sendable, Hashable, Identifiable {
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
    public struct Progress: Codable, Sendable, Hashable {
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
    public struct Failure: Codable, Sendable, Hashable, CustomStringConvertible {
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

extension Job {
    private enum CodingKeys: String, CodingKey {
        case id, operation, input, state, presentation, result, error, progress, attempts, redispatches, outcome, answerWithin, audience, createdAt, updatedAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        operation = try container.decode(String.self, forKey: .operation)
        input = try container.decodeIfPresent(RawJSON.self, forKey: .input) ?? .emptyObject
        presentation = try container.decodeIfPresent(Presentation.self, forKey: .presentation)
        let state = try container.decode(State.self, forKey: .state)
        phase = state == .waiting ? .running : Phase(rawValue: state.rawValue)!
        result = try container.decodeIfPresent(RawJSON.self, forKey: .result)
        error = try container.decodeIfPresent(Failure.self, forKey: .error)
        progress = try container.decodeIfPresent(Progress.self, forKey: .progress)
        attempts = try container.decodeIfPresent(Int.self, forKey: .attempts) ?? 0
        redispatches = try container.decodeIfPresent(Int.self, forKey: .redispatches) ?? 0
        outcome = try container.decodeIfPresent(Outcome.self, forKey: .outcome)
        answerWithin = try container.decodeIfPresent(TimeInterval.self, forKey: .answerWithin)
        audience = try container.decodeIfPresent(Audience.self, forKey: .audience)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(operation, forKey: .operation)
        try container.encode(input, forKey: .input)
        try container.encode(state, forKey: .state)
        try container.encode(presentation, forKey: .presentation)
        try container.encode(result, forKey: .result)
        try container.encode(error, forKey: .error)
        try container.encodeIfPresent(progress, forKey: .progress)
        try container.encode(attempts, forKey: .attempts)
        if redispatches > 0 { try container.encode(redispatches, forKey: .redispatches) }
        try container.encodeIfPresent(outcome, forKey: .outcome)
        try container.encodeIfPresent(answerWithin, forKey: .answerWithin)
        try container.encodeIfPresent(audience, forKey: .audience)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}
