import JSON
import Presentation
import Wire

/// Response bodies of the API whose optional fields are always written, `null` included.
enum Bodies {
    /// `{"cutShort": bool, "jobs": […], "next": cursor|null, "trimmed": [ids]}`: `cutShort` when fewer jobs than
    /// asked fit in one message, `trimmed` the jobs listed with their bulky values left out (the broker's page).
    struct JobPage: Encodable, JSONWritable {
        let jobs: [Job]
        let next: String?
        var cutShort = false
        var trimmed: [String] = []

        /// Members in the encoder's (sorted) order.
        func write(to writer: inout JSONWriter) throws {
            try writer.beginObject()
            try writer.member("cutShort", cutShort)
            try writer.member("jobs", jobs)
            try writer.nullable("next", next)
            try writer.member("trimmed", trimmed)
            writer.endObject()
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(cutShort, forKey: .cutShort)
            try container.encode(jobs, forKey: .jobs)
            try container.encode(next, forKey: .next)
            try container.encode(trimmed, forKey: .trimmed)
        }

        private enum CodingKeys: String, CodingKey { case cutShort, jobs, next, trimmed }
    }

    /// `{"presentations": […], "next": cursor|null, "sequence": n}`: a page of the pending snapshot.
    struct PresentationPage: Encodable {
        let presentations: [Presentation]
        let next: String?
        /// The event sequence the snapshot reflects: follow `/v1/events` with `Last-Event-ID` set to it.
        let sequence: Int64
        /// The operation of each presentation's job, by job id: whose catalog translates its texts.
        let operations: [String: String]
        /// The approvals so far of each presentation that has some, by presentation id.
        var approvals: [String: [Approval]] = [:]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(presentations, forKey: .presentations)
            try container.encode(next, forKey: .next)
            try container.encode(sequence, forKey: .sequence)
            try container.encode(operations, forKey: .operations)
            if !approvals.isEmpty { try container.encode(approvals, forKey: .approvals) }
        }

        private enum CodingKeys: String, CodingKey { case presentations, next, sequence, operations, approvals }
    }

    /// A job's fields, then `history` (the first page of its timeline), `historyNext` (the cursor of
    /// the next page of `/v1/jobs/{id}/history`, null when the page is the whole timeline) and
    /// `refusalsOmitted` (refusals of its questions left out of the timeline).
    struct JobWithHistory: Encodable, JSONWritable {
        let job: Job
        let history: [HistoryEntry]
        let next: String?
        let refusalsOmitted: Int

        /// The job's members (its input as its client spelled it) with `history`, `historyNext` and `refusalsOmitted` among them.
        func write(to writer: inout JSONWriter) throws {
            try job.write(to: &writer) { writer throws in
                try writer.member("history", history)
                try writer.nullable("historyNext", next)
                try writer.member("refusalsOmitted", refusalsOmitted)
            }
        }

        func encode(to encoder: any Encoder) throws {
            try job.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(history, forKey: .history)
            try container.encode(next, forKey: .historyNext)
            try container.encode(refusalsOmitted, forKey: .refusalsOmitted)
        }

        private enum CodingKeys: String, CodingKey { case history, historyNext, refusalsOmitted }
    }

    /// `{"job": id, "history": […], "next": cursor|null, "refusalsOmitted": n}`.
    struct HistoryPage: Encodable {
        let job: String
        let history: [HistoryEntry]
        let next: String?
        let refusalsOmitted: Int

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(job, forKey: .job)
            try container.encode(history, forKey: .history)
            try container.encode(next, forKey: .next)
            try container.encode(refusalsOmitted, forKey: .refusalsOmitted)
        }

        private enum CodingKeys: String, CodingKey { case job, history, next, refusalsOmitted }
    }
}
