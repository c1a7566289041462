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
        public init(jobs: [String: Int], pending: Int, workers: Int, sequence: Int64) {
            self.jobs = jobs
            self.pending = pending
            self.workers = workers
            self.sequence = sequence
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
