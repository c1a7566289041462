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
}
