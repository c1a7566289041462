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
        // waiting jobs would otherwise make 100,000 round trips before it listens.
        let presentations = try database.query("""
            SELECT p.job, p.body, p.resolution FROM presentations p JOIN jobs j ON j.id = p.job
            WHERE j.state NOT IN ('succeeded', 'failed', 'cancelled') ORDER BY p.job, p.sequence
            """)
        var byJob: [String: [(body: String?, resolution: String?)]] = [:]
        for row in presentations {
            guard let job = row.string("job") else { continue }
            byJob[job, default: []].append((row.string("body"), row.string("resolution")))
        }
        var recovery = Recovery()
        for row in rows {
            let id = row.string("id") ?? "?"
            do {
                recovery.jobs.append(try Self.recover(Self.decode(Job.self, row.string("body")), presentations: byJob[id] ?? []))
            } catch let error as JournalError {
                recovery.quarantined.append(Quarantine(job: id, reason: error.description))
            }
        }
        return recovery
    }

    private static func recover(_ job: Job, presentations: [(body: String?, resolution: String?)]) throws -> (Job, PresentationSlot) {
        var pending: Presentation?
        var resolutions: [Resolution] = []
        var last = 0
        for presentation in presentations {
            let decoded = try decode(Presentation.self, presentation.body)
            last = max(last, decoded.sequence)
            if let text = presentation.resolution {
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
