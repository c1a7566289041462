import Foundation
public import Presentation

/// What the broker answers a client.
public enum BrokerReply: Sendable, Hashable {
    case job(Job)
    case submitted(Submitted)
    case jobWithHistory(JobWithHistory)
    case jobs(JobPage)
    case pending(PendingSnapshot)
    case presentation(PresentationState)
    case resolution(Resolution)
    case events(EventPage)
    case stats(Stats)
    case operations(OperationList)
    case history(HistoryPage)
    case error(WireError)

    /// A job and the first page of its timeline, for a `status` that asks for its history.
    public struct JobWithHistory: Codable, Sendable, Hashable {
        public let job: Job
        public let history: HistoryPage
        public init(job: Job, history: HistoryPage) {
            self.job = job
            self.history = history
        }
    }

    /// Announced operations, sorted by name.
    public struct OperationList: Codable, Sendable, Hashable {
        public let operations: [OperationInfo]
        public init(operations: [OperationInfo]) { self.operations = operations }
    }

    /// Counts for monitoring: jobs by state, pending questions, connected workers, newest event.
    public struct Stats: Codable, Sendable, Hashable {
        public let jobs: [String: Int]
        public let pending: Int
        public let workers: Int
        public let sequence: Int64
        /// Whether the journal's disk is full (new work is refused until it has room).
        public let storageFull: Bool
        /// Jobs set aside because their journal rows cannot be read.
        public let quarantined: [Quarantine]
        /// Journal transactions the broker has committed since it started (0 from a broker that does not count them).
        public let commits: Int
        public init(
            jobs: [String: Int], pending: Int, workers: Int, sequence: Int64, storageFull: Bool = false, quarantined: [Quarantine] = [], commits: Int = 0
        ) {
            self.jobs = jobs
            self.pending = pending
            self.workers = workers
            self.sequence = sequence
            self.storageFull = storageFull
            self.quarantined = quarantined
            self.commits = commits
        }

        private enum CodingKeys: String, CodingKey { case jobs, pending, workers, sequence, storageFull, quarantined, commits }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            jobs = try container.decode([String: Int].self, forKey: .jobs)
            pending = try container.decode(Int.self, forKey: .pending)
            workers = try container.decode(Int.self, forKey: .workers)
            sequence = try container.decode(Int64.self, forKey: .sequence)
            storageFull = try container.decodeIfPresent(Bool.self, forKey: .storageFull) ?? false
            quarantined = try container.decodeIfPresent([Quarantine].self, forKey: .quarantined) ?? []
            commits = try container.decodeIfPresent(Int.self, forKey: .commits) ?? 0
        }
    }

    /// A presentation with its resolution once it has one, and while pending the approvals it has so far.
    public struct PresentationState: Codable, Sendable, Hashable {
        public let presentation: Presentation
        public let resolution: Resolution?
        public let operation: String?
        /// While pending: the approvals given so far to its actions that need several people; `nil` for none.
        public let approvals: [Approval]?
        public init(presentation: Presentation, resolution: Resolution?, operation: String?, approvals: [Approval]? = nil) {
            self.presentation = presentation
            self.resolution = resolution
            self.operation = operation
            self.approvals = approvals?.isEmpty == false ? approvals : nil
        }

        /// Where each action that needs several people stands (empty for a question without one).
        public var approvalProgress: [ApprovalProgress] { presentation.approvalProgress(approvals ?? []) }

        private enum CodingKeys: String, CodingKey { case presentation, resolution, operation, approvals }

        /// Writes `resolution` and `operation` as `null` when absent and `approvals` only when there are some:
        /// the body `GET /v1/presentations/{id}` answers with, so the gateway passes these bytes on as they are.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(presentation, forKey: .presentation)
            try container.encode(resolution, forKey: .resolution)
            try container.encode(operation, forKey: .operation)
            try container.encodeIfPresent(approvals, forKey: .approvals)
        }
    }

    /// A page of a job's timeline, oldest first; `next` is the cursor for the following page (`null` on the last).
    public struct HistoryPage: Codable, Sendable, Hashable {
        public let job: String
        public let entries: [HistoryEntry]
        public let next: String?
        /// Whether the page holds fewer entries than asked because more would not fit in one message.
        public let cutShort: Bool
        /// How many refusals of the job's questions the timeline left out, past the first `Journal.refusalLimit`.
        public let refusalsOmitted: Int
        public init(job: String, entries: [HistoryEntry], next: String?, cutShort: Bool = false, refusalsOmitted: Int = 0) {
            self.job = job
            self.entries = entries
            self.next = next
            self.cutShort = cutShort
            self.refusalsOmitted = refusalsOmitted
        }

        private enum CodingKeys: String, CodingKey { case job, entries, next, cutShort, refusalsOmitted }

        /// Reads a page; one from a broker that counted no refusals apart has `refusalsOmitted` 0.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            job = try container.decode(String.self, forKey: .job)
            entries = try container.decode([HistoryEntry].self, forKey: .entries)
            next = try container.decodeIfPresent(String.self, forKey: .next)
            cutShort = try container.decode(Bool.self, forKey: .cutShort)
            refusalsOmitted = try container.decodeIfPresent(Int.self, forKey: .refusalsOmitted) ?? 0
        }
    }
}

/// What an answer did: resolved its question, or was recorded as one approval of several its action needs.
public enum AnswerReply: Sendable, Hashable {
    /// The question resolved (this answer won, or completed the approvals).
    case resolved(Resolution)
    /// One approval recorded; the question, still pending, with the approvals so far.
    case approved(BrokerReply.PresentationState)

    /// The resolution, when the answer resolved the question.
    public var resolution: Resolution? {
        if case .resolved(let resolution) = self { resolution } else { nil }
    }

    /// "prs_…: answered by ana (cli) with deploy", or "prs_…: 1 of 2 approvals (ana): waiting for one more".
    public var summary: String {
        switch self {
        case .resolved(let resolution): "\(resolution.presentation): \(resolution.summary)"
        case .approved(let state):
            "\(state.presentation.id): " + state.approvalProgress.filter { !$0.approvals.isEmpty }.map(\.description).joined(separator: "; ")
        }
    }
}
