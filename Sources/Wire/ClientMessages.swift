import Foundation
import Presentation

/// What a client (CLI, resolver, gateway) asks the broker.
public enum ClientRequest: Sendable, Hashable {
    case submit(Submit)
    case status(JobRef)
    case jobs(ListJobs)
    case pending
    case presentation(PresentationRef)
    case answer(AnswerRequest)
    case cancel(JobRef)
    case events(EventsSince)
    case stats

    /// Submit an operation; an idempotency key returns the job it already created.
    public struct Submit: Codable, Sendable, Hashable {
        public let operation: String
        public let input: JSONValue
        public let idempotencyKey: String?
        public init(operation: String, input: JSONValue, idempotencyKey: String? = nil) {
            self.operation = operation
            self.input = input
            self.idempotencyKey = idempotencyKey
        }
    }

    /// Names a job.
    public struct JobRef: Codable, Sendable, Hashable {
        public let job: String
        public init(job: String) { self.job = job }
    }

    /// Names a presentation.
    public struct PresentationRef: Codable, Sendable, Hashable {
        public let id: String
        public init(id: String) { self.id = id }
    }

    /// A page of jobs, newest first, optionally in one state; `before` is the cursor from the last page.
    public struct ListJobs: Codable, Sendable, Hashable {
        public let state: Job.State?
        public let limit: Int?
        public let before: String?
        public init(state: Job.State? = nil, limit: Int? = nil, before: String? = nil) {
            self.state = state
            self.limit = limit
            self.before = before
        }
    }

    /// Answer a presentation with an action, or dismiss it (`action` nil, `dismiss` true).
    public struct AnswerRequest: Codable, Sendable, Hashable {
        public let presentation: String
        public let action: String?
        public let dismiss: Bool?
        /// Who answers; the broker replaces it with the key's name when keys are configured (see docs/security.md).
        public var by: String
        public let channel: String
        public init(presentation: String, action: String?, dismiss: Bool? = nil, by: String, channel: String) {
            self.presentation = presentation
            self.action = action
            self.dismiss = dismiss
            self.by = by
            self.channel = channel
        }
    }

    /// Journaled events after `after`, for a subscriber that saw a gap or resumes.
    public struct EventsSince: Codable, Sendable, Hashable {
        public let after: Int64
        public let limit: Int?
        public init(after: Int64, limit: Int? = nil) {
            self.after = after
            self.limit = limit
        }
    }
}

/// What the broker answers a client.
public enum BrokerReply: Sendable, Hashable {
    case job(Job)
    case jobs(JobPage)
    case pending(PendingSnapshot)
    case presentation(PresentationState)
    case resolution(Resolution)
    case events(EventPage)
    case stats(Stats)
    case error(WireError)

    /// Counts for monitoring: jobs by state, pending questions, connected workers, newest event.
    public struct Stats: Codable, Sendable, Hashable {
        public let jobs: [String: Int]
        public let pending: Int
        public let workers: Int
        public let sequence: Int64
        public init(jobs: [String: Int], pending: Int, workers: Int, sequence: Int64) {
            self.jobs = jobs
            self.pending = pending
            self.workers = workers
            self.sequence = sequence
        }
    }

    /// One page of jobs; `next` is the cursor for the following page.
    public struct JobPage: Codable, Sendable, Hashable {
        public let jobs: [Job]
        public let next: String?
        public init(jobs: [Job], next: String?) {
            self.jobs = jobs
            self.next = next
        }
    }

    /// Every pending presentation, and the last event sequence they reflect (the Clone pattern's snapshot).
    public struct PendingSnapshot: Codable, Sendable, Hashable {
        public let presentations: [Presentation]
        public let sequence: Int64
        /// The operation of each presentation's job, by job id.
        public let operations: [String: String]
        public init(presentations: [Presentation], sequence: Int64, operations: [String: String] = [:]) {
            self.presentations = presentations
            self.sequence = sequence
            self.operations = operations
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            presentations = try container.decode([Presentation].self, forKey: .presentations)
            sequence = try container.decode(Int64.self, forKey: .sequence)
            operations = try container.decodeIfPresent([String: String].self, forKey: .operations) ?? [:]
        }
    }

    /// A presentation with its resolution once it has one.
    public struct PresentationState: Codable, Sendable, Hashable {
        public let presentation: Presentation
        public let resolution: Resolution?
        public let operation: String?
        public init(presentation: Presentation, resolution: Resolution?, operation: String?) {
            self.presentation = presentation
            self.resolution = resolution
            self.operation = operation
        }
    }

    /// Journaled events in order; `last` is the newest sequence the broker has.
    public struct EventPage: Codable, Sendable, Hashable {
        public let events: [Event]
        public let last: Int64
        public init(events: [Event], last: Int64) {
            self.events = events
            self.last = last
        }
    }
}
