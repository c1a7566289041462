public import Foundation
public import JSON
public import Presentation

/// What a client (CLI, resolver, gateway) asks the broker.
public enum ClientRequest: Sendable, Hashable {
    case submit(Submit)
    case submitMany(SubmitMany)
    case status(StatusQuery)
    case jobs(ListJobs)
    case pending(ListPending)
    case presentation(PresentationRef)
    case answer(AnswerRequest)
    case cancel(JobRef)
    case events(EventsSince)
    case stats
    case history(HistoryQuery)
    case operations(OperationsQuery)

    /// Submit an operation; an idempotency key returns the job it already created.
    public struct Submit: Sendable, Hashable {
        public let operation: String
        /// The input, as the client spelled it: the broker checks it once and passes these bytes on.
        public let input: RawJSON
        /// Makes a retried submit return the job the first one created; `var` so a copy can be given one
        /// without rebuilding the rest (a rebuilt submit once lost its audience and deadline).
        public var idempotencyKey: String?
        /// Seconds each of the job's questions may wait before it resolves to its cancel action
        /// (`--answer-within`); replaces the operation's deadline.
        public let answerWithin: TimeInterval?
        /// Who the job's questions are for (`--for`); replaces the operation's audience.
        public let audience: Audience?
        public init(
            operation: String, input: RawJSON, idempotencyKey: String? = nil, answerWithin: TimeInterval? = nil, audience: Audience? = nil
        ) {
            self.operation = operation
            self.input = input
            self.idempotencyKey = idempotencyKey
            self.answerWithin = answerWithin
            self.audience = audience
        }
    }

    /// Names a job.
    public struct JobRef: Sendable, Hashable {
        public let job: String
        public init(job: String) { self.job = job }
    }

    /// Names a job whose state is asked for; with `history`, the first page of its timeline comes in the
    /// same reply (`jobWithHistory`), read after the same turn.
    public struct StatusQuery: Sendable, Hashable {
        public let job: String
        /// Whether the reply carries the first page of the job's timeline too.
        public let history: Bool?
        public init(job: String, history: Bool? = nil) {
            self.job = job
            self.history = history
        }
    }

    /// Names a presentation.
    public struct PresentationRef: Sendable, Hashable {
        public let id: String
        public init(id: String) { self.id = id }
    }

    /// A page of jobs, newest first, optionally in one state; `after` is the `next` cursor of the last page.
    public struct ListJobs: Sendable, Hashable {
        public let state: Job.State?
        public let limit: Int?
        public let after: String?
        public init(state: Job.State? = nil, limit: Int? = nil, after: String? = nil) {
            self.state = state
            self.limit = limit
            self.after = after
        }

        /// The name the cursor had before every list used `after`; still accepted.
        public init(state: Job.State? = nil, limit: Int? = nil, before: String?) {
            self.init(state: state, limit: limit, after: before)
        }

        /// Counts a page may ask for, and what it gets when it does not say.
        public static let limits = (range: 1...500, standard: 50)

        /// What the shape reads (Shapes/ClientRequests.shape): `after`, or the former `before` when only it is given.
        public init(state: Job.State?, limit: Int?, after: String?, before: String?) {
            self.init(state: state, limit: limit, after: after ?? before)
        }

        /// The former `before` is read, never written.
        var formerBefore: String? { nil }
    }

    /// A page of pending presentations, oldest first; `after` is the `next` cursor of the last page.
    public struct ListPending: Sendable, Hashable {
        public let limit: Int?
        public let after: String?
        public init(limit: Int? = nil, after: String? = nil) {
            self.limit = limit
            self.after = after
        }

        /// Counts a page may ask for, and what it gets when it does not say.
        public static let limits = (range: 1...1_000, standard: 100)
    }

    /// Answer a presentation with an action, or dismiss it (`action` nil, `dismiss` true).
    public struct AnswerRequest: Sendable, Hashable {
        public let presentation: String
        public let action: String?
        public let dismiss: Bool?
        /// Who answers; the broker replaces it with the key's name when keys are configured (see docs/security.md).
        public var by: String
        public let channel: String
        /// The question's text fields, by field id (see `TextFieldState`).
        public let values: [String: String]?
        /// The answerer's groups: set by the broker from a key, or by the gateway from a token; a
        /// client without credentials has none.
        public var groups: [String]?
        public init(
            presentation: String, action: String?, dismiss: Bool? = nil, by: String, channel: String, values: [String: String]? = nil,
            groups: [String]? = nil
        ) {
            self.presentation = presentation
            self.action = action
            self.dismiss = dismiss
            self.by = by
            self.channel = channel
            self.values = values
            self.groups = groups
        }
    }

    /// The announced operations, or the one named.
    public struct OperationsQuery: Sendable, Hashable {
        /// Only this operation; a name nobody announced gets `notFound`.
        public let name: String?
        public init(name: String? = nil) { self.name = name }
    }

    /// Journaled events after `after`, for a subscriber that saw a gap or resumes.
    public struct EventsSince: Sendable, Hashable {
        public let after: Int64
        public let limit: Int?
        public init(after: Int64, limit: Int? = nil) {
            self.after = after
            self.limit = limit
        }

        /// Counts a page may ask for, and what it gets when it does not say.
        public static let limits = (range: 1...5_000, standard: 500)
    }

    /// A page of a job's timeline, oldest first; `after` is the `next` cursor of the last page.
    public struct HistoryQuery: Sendable, Hashable {
        public let job: String
        public let limit: Int?
        public let after: String?
        public init(job: String, limit: Int? = nil, after: String? = nil) {
            self.job = job
            self.limit = limit
            self.after = after
        }

        /// Counts a page may ask for, and what it gets when it does not say.
        public static let limits = (range: 1...1_000, standard: 200)
    }
}
