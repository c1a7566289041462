import Foundation
import Presentation
import SQLite
import Wire

extension Journal {
    /// What a broker that starts again takes from the journal.
    public struct Recovery: Sendable {
        /// Every job that has not ended, each with its presentation slot.
        public var jobs: [(Job, PresentationSlot)] = []
        /// Unfinished jobs whose rows cannot be read: the broker runs without them.
        public var quarantined: [Quarantine] = []
    }

    /// Every job that has not ended, each with its presentation slot; a job whose row (or one of its
    /// questions) cannot be read is set aside by name instead of stopping the start.
    public func recover() throws -> Recovery {
        let rows = try database.query("SELECT id, body FROM jobs WHERE state NOT IN ('succeeded', 'failed', 'cancelled') ORDER BY rowid")
        // Every presentation of those jobs in one query, not one query per job: a restart under 100,000
        // waiting jobs would otherwise make 100,000 round trips before it listens. The rows come grouped
        // by job; each job finds its group by range, without an array per job.
        let presentations = try database.query("""
            SELECT p.job, p.body, p.resolution FROM presentations p JOIN jobs j ON j.id = p.job
            WHERE j.state NOT IN ('succeeded', 'failed', 'cancelled') ORDER BY p.job, p.sequence
            """)
        var groups: [String: Range<Int>] = [:]
        groups.reserveCapacity(rows.count)
        var start = 0
        for index in presentations.indices {
            let job = presentations[index].string("job")
            guard index + 1 == presentations.count || presentations[index + 1].string("job") != job else { continue }
            if let job { groups[job] = start..<(index + 1) }
            start = index + 1
        }
        var recovery = Recovery()
        recovery.jobs.reserveCapacity(rows.count)
        for row in rows {
            let id = row.string("id") ?? "?"
            do {
                let group = groups[id].map { presentations[$0] } ?? []
                recovery.jobs.append(try Self.recover(Self.decode(Job.self, row.string("body")), presentations: group))
            } catch let error as JournalError {
                recovery.quarantined.append(Quarantine(job: id, reason: error.description))
            }
        }
        return recovery
    }

    private static func recover(_ job: Job, presentations: ArraySlice<Row>) throws -> (Job, PresentationSlot) {
        var pending: Presentation?
        var resolutions: [Resolution] = []
        var last = 0
        for row in presentations {
            let decoded = try decode(Presentation.self, row.string("body"))
            last = max(last, decoded.sequence)
            if let text = row.string("resolution") {
                resolutions.append(try decode(Resolution.self, text))
            } else {
                pending = decoded
            }
        }
        var recovered = job
        recovered.presentation = pending
        return (recovered, PresentationSlot(current: pending, resolutions: resolutions, lastSequence: last))
    }
}
