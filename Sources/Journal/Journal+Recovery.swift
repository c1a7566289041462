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
        var recovery = Recovery()
        let rows = try database.query("SELECT id, body FROM jobs WHERE state NOT IN ('succeeded', 'failed', 'cancelled') ORDER BY rowid")
        for row in rows {
            let id = row.string("id") ?? "?"
            do {
                recovery.jobs.append(try recover(Self.decode(Job.self, row.string("body"))))
            } catch let error as JournalError {
                recovery.quarantined.append(Quarantine(job: id, reason: error.description))
            }
        }
        return recovery
    }

    private func recover(_ job: Job) throws -> (Job, PresentationSlot) {
        let presentations = try database.query("SELECT body, resolution FROM presentations WHERE job = ? ORDER BY sequence", .text(job.id))
        var pending: Presentation?
        var resolutions: [Resolution] = []
        var last = 0
        for presentation in presentations {
            let decoded = try Self.decode(Presentation.self, presentation.string("body"))
            last = max(last, decoded.sequence)
            if let text = presentation.string("resolution") {
                resolutions.append(try Self.decode(Resolution.self, text))
            } else {
                pending = decoded
            }
        }
        var recovered = job
        recovered.presentation = pending
        return (recovered, PresentationSlot(current: pending, resolutions: resolutions, lastSequence: last))
    }
}
