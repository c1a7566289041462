import Foundation
import Presentation
import Wire

extension BrokerState {
    /// A job that has not ended, with what the broker knows beyond its row.
    ///
    /// Its fields live in one box shared until written (copy on write), so the table of active jobs
    /// holds a pointer per job: inline, a job, its slot and its workers took about 830 bytes in every
    /// slot of the table, empty ones included, which at 100,000 parked jobs came to 220 MB. The slot's
    /// pending presentation is the job's own (`job.presentation`), kept once.
    struct ActiveJob: Sendable {
        private var box: Box

        init(job: Job, slot: PresentationSlot) {
            var job = job
            job.presentation = slot.current
            box = Box(Fields(job: job, resolutions: slot.resolutions, lastSequence: slot.lastSequence))
        }

        /// The job; its `presentation` is the slot's pending one.
        var job: Job {
            get { box.fields.job }
            _modify {
                makeUnique()
                yield &box.fields.job
            }
        }

        /// The job's presentation slot: its pending presentation, how earlier ones ended, the last sequence.
        var slot: PresentationSlot {
            get { PresentationSlot(current: box.fields.job.presentation, resolutions: box.fields.resolutions, lastSequence: box.fields.lastSequence) }
            set {
                makeUnique()
                box.fields.job.presentation = newValue.current
                box.fields.resolutions = newValue.resolutions
                box.fields.lastSequence = newValue.lastSequence
            }
        }

        /// The worker running it now.
        var worker: PeerID? {
            get { box.fields.worker }
            set {
                makeUnique()
                box.fields.worker = newValue
            }
        }

        /// The worker keeping its task suspended while it waits for an answer.
        var holder: PeerID? {
            get { box.fields.holder }
            set {
                makeUnique()
                box.fields.holder = newValue
            }
        }

        var cancelRequested: Bool {
            get { box.fields.cancelRequested }
            set {
                makeUnique()
                box.fields.cancelRequested = newValue
            }
        }

        /// Why its worker was last lost while running it, for the `poisoned` error.
        var lastLoss: String? {
            get { box.fields.lastLoss }
            set {
                makeUnique()
                box.fields.lastLoss = newValue
            }
        }

        private mutating func makeUnique() {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        }
    }

    private struct Fields {
        var job: Job
        var resolutions: [String: Resolution]
        var lastSequence: Int
        var worker: PeerID?
        var holder: PeerID?
        var cancelRequested = false
        var lastLoss: String?
    }

    /// The shared storage of an `ActiveJob`.
    // @unchecked: written only through `ActiveJob`, and only while uniquely referenced (copy on write).
    private final class Box: @unchecked Sendable {
        var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }
}
