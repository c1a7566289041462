public import Foundation
public import Presentation
public import Schema

/// An announced operation as the broker describes it: what the newest announcement of a running worker
/// says, which workers run it now, and how many of its jobs have not ended.
public struct OperationInfo: Codable, Sendable, Hashable {
    /// The name clients submit.
    public let name: String
    /// One line for people.
    public let summary: String
    /// The schema submits are checked against; `nil` accepts any input.
    public let input: JSONSchema?
    /// The texts of its questions: locale → key → template.
    public let catalog: Catalog
    /// The names of the connected workers that run it, sorted; empty when none does now.
    public let workers: [String]
    /// Its jobs that have not ended, by state.
    public let jobs: JobCounts
    /// When and by which worker this announcement was last made.
    public let announcedAt: Date
    public let announcedBy: String
    /// Set when connected workers announce it differently: each version with the workers that run it.
    /// A submit is accepted when any of them accepts the input.
    public let variants: [Variant]?

    /// A description of `name`.
    public init(
        name: String, summary: String, input: JSONSchema?, catalog: Catalog, workers: [String], jobs: JobCounts,
        announcedAt: Date, announcedBy: String, variants: [Variant]? = nil
    ) {
        self.name = name
        self.summary = summary
        self.input = input
        self.catalog = catalog
        self.workers = workers
        self.jobs = jobs
        self.announcedAt = announcedAt
        self.announcedBy = announcedBy
        self.variants = variants
    }

    /// How many of an operation's jobs wait for a worker, run, or wait for an answer.
    public struct JobCounts: Codable, Sendable, Hashable {
        public let queued: Int
        public let running: Int
        public let waiting: Int

        /// Counts of each state.
        public init(queued: Int, running: Int, waiting: Int) {
            self.queued = queued
            self.running = running
            self.waiting = waiting
        }
    }

    /// One of several announcements of the same name, and the connected workers that made it.
    public struct Variant: Codable, Sendable, Hashable {
        public let summary: String
        public let input: JSONSchema?
        public let catalog: Catalog
        public let workers: [String]

        /// A version announced by `workers`.
        public init(summary: String, input: JSONSchema?, catalog: Catalog, workers: [String]) {
            self.summary = summary
            self.input = input
            self.catalog = catalog
            self.workers = workers
        }
    }
}
