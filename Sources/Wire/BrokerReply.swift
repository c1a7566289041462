import Foundation
import Presentation

/// What the broker answers a client.
public enum BrokerReply: Sendable, Hashable {
    case job(Job)
    case jobs(JobPage)
    case pending(PendingSnapshot)
    case presentation(PresentationState)
    case resolution(Resolution)
    case events(EventPage)
    case stats(Stats)
    case operations(OperationList)
    case history(HistoryPage)
    case error(WireError)

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
        public init(jobs: [String: Int], pending: Int, workers: Int, sequence: Int64, storageFull: Bool = false, quarantined: [Quarantine] = []) {
            self.jobs = jobs
            self.pending = pending
            self.workers = workers
            self.sequence = sequence
            self.storageFull = storageFull
            self.quarantined = quarantined
        }

        private enum CodingKeys: String, CodingKey { case jobs, pending, workers, sequence, storageFull, quarantined }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            jobs = try container.decode([String: Int].self, forKey: .jobs)
            pending = try container.decode(Int.self, forKey: .pending)
            workers = try container.decode(Int.self, forKey: .workers)
            sequence = try container.decode(Int64.self, forKey: .sequence)
            storageFull = try container.decodeIfPresent(Bool.self, forKey: .storageFull) ?? false
            quarantined = try container.decodeIfPresent([Quarantine].self, forKey: .quarantined) ?? []
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

    /// A page of a job's timeline, oldest first; `next` is the cursor for the following page (`null` on the last).
    public struct HistoryPage: Codable, Sendable, Hashable {
        public let job: String
        public let entries: [HistoryEntry]
        public let next: String?
        /// Whether the page holds fewer entries than asked because more would not fit in one message.
        public let cutShort: Bool
        public init(job: String, entries: [HistoryEntry], next: String?, cutShort: Bool = false) {
            self.job = job
            self.entries = entries
            self.next = next
            self.cutShort = cutShort
        }
    }
}
