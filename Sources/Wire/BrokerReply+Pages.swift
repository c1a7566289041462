import Foundation
public import Presentation

extension BrokerReply {
    /// One page of jobs; `next` is the cursor for the following page (`null` on the last).
    public struct JobPage: Sendable, Hashable {
        public let jobs: [Job]
        public let next: String?
        /// Whether the page holds fewer jobs than asked because more would not fit in one message.
        public let cutShort: Bool
        /// Jobs too large for a message on their own, listed with `input` and `result` left out (null).
        public let trimmed: [String]
        public init(jobs: [Job], next: String?, cutShort: Bool = false, trimmed: [String] = []) {
            self.jobs = jobs
            self.next = next
            self.cutShort = cutShort
            self.trimmed = trimmed
        }
    }

    /// A page of pending presentations, oldest first, and the last event sequence the broker had
    /// when it read them (the Clone pattern's snapshot); `next` is the cursor for the following page.
    public struct PendingSnapshot: Codable, Sendable, Hashable {
        public let presentations: [Presentation]
        public let sequence: Int64
        /// The operation of each presentation's job, by job id.
        public let operations: [String: String]
        public let next: String?
        /// Whether the page holds fewer presentations than asked because more would not fit in one message.
        public let cutShort: Bool
        /// Presentations too large for a message on their own, listed with `item` left out (null).
        public let trimmed: [String]
        /// The approvals each presentation has so far, by presentation id (only those with some).
        public let approvals: [String: [Approval]]
        public init(
            presentations: [Presentation], sequence: Int64, operations: [String: String] = [:], next: String? = nil,
            cutShort: Bool = false, trimmed: [String] = [], approvals: [String: [Approval]] = [:]
        ) {
            self.approvals = approvals.filter { !$0.value.isEmpty }
            self.presentations = presentations
            self.sequence = sequence
            self.operations = operations
            self.next = next
            self.cutShort = cutShort
            self.trimmed = trimmed
        }

        private enum CodingKeys: String, CodingKey { case presentations, sequence, operations, next, cutShort, trimmed, approvals }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            presentations = try container.decode([Presentation].self, forKey: .presentations)
            sequence = try container.decode(Int64.self, forKey: .sequence)
            operations = try container.decodeIfPresent([String: String].self, forKey: .operations) ?? [:]
            next = try container.decodeIfPresent(String.self, forKey: .next)
            cutShort = try container.decodeIfPresent(Bool.self, forKey: .cutShort) ?? false
            trimmed = try container.decodeIfPresent([String].self, forKey: .trimmed) ?? []
            approvals = try container.decodeIfPresent([String: [Approval]].self, forKey: .approvals) ?? [:]
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(presentations, forKey: .presentations)
            try container.encode(sequence, forKey: .sequence)
            try container.encode(operations, forKey: .operations)
            try container.encode(next, forKey: .next)
            try container.encode(cutShort, forKey: .cutShort)
            if !trimmed.isEmpty { try container.encode(trimmed, forKey: .trimmed) }
            if !approvals.isEmpty { try container.encode(approvals, forKey: .approvals) }
        }
    }

    /// Journaled events in order; `last` is the newest sequence the broker has, and `next` the
    /// sequence to ask after for the following page (`null` when this page reaches `last`).
    public struct EventPage: Codable, Sendable, Hashable {
        public let events: [Event]
        public let last: Int64
        public let next: Int64?
        /// Whether the page holds fewer events than asked because more would not fit in one message.
        public let cutShort: Bool
        /// Sequences of events too large for a message on their own, listed with their bulky values left out.
        public let trimmed: [String]
        /// Set when events after the asked sequence were pruned (the `retention` setting): the newest
        /// sequence no longer held. Take a new snapshot; the page goes on from the oldest event held.
        public let prunedThrough: Int64?
        public init(events: [Event], last: Int64, next: Int64? = nil, cutShort: Bool = false, trimmed: [String] = [], prunedThrough: Int64? = nil) {
            self.events = events
            self.last = last
            self.next = next
            self.cutShort = cutShort
            self.prunedThrough = prunedThrough
            self.trimmed = trimmed
        }

        private enum CodingKeys: String, CodingKey { case events, last, next, cutShort, trimmed, prunedThrough }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            events = try container.decode([Event].self, forKey: .events)
            last = try container.decode(Int64.self, forKey: .last)
            next = try container.decodeIfPresent(Int64.self, forKey: .next)
            cutShort = try container.decodeIfPresent(Bool.self, forKey: .cutShort) ?? false
            trimmed = try container.decodeIfPresent([String].self, forKey: .trimmed) ?? []
            prunedThrough = try container.decodeIfPresent(Int64.self, forKey: .prunedThrough)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(events, forKey: .events)
            try container.encode(last, forKey: .last)
            try container.encode(next, forKey: .next)
            try container.encode(cutShort, forKey: .cutShort)
            if !trimmed.isEmpty { try container.encode(trimmed, forKey: .trimmed) }
            try container.encodeIfPresent(prunedThrough, forKey: .prunedThrough)
        }
    }
}
