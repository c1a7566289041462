import Foundation
public import Presentation
public import Wire

extension BrokerState {
    /// A restarted broker's state, built one job at a time while the journal's rows are read
    /// (`Journal.recover(_:)`), so the journal's jobs are never all held a second time beside it.
    public struct Recovering: Sendable {
        private var state: BrokerState
        private var lastCreated = Date.distantPast
        /// Whether the jobs came in the order they were made (the journal's order); if not, the queue is put
        /// in that order at the end.
        private var inOrder = true

        /// Starts with no job, the newest event's sequence and every operation announced so far.
        public init(settings: Settings, lastSequence: Int64, announcements: [RecordedAnnouncement]) {
            state = BrokerState(settings: settings, lastSequence: lastSequence, announcements: announcements)
        }

        /// Makes room for `count` jobs, so the tables are not grown again and again while they come.
        public mutating func reserveCapacity(_ count: Int) {
            state.jobs.reserveCapacity(count)
            state.pendingIndex.reserveCapacity(count)
        }

        /// Adds a job that had not ended, with its presentation slot: waiting on its pending question, or
        /// queued for a worker (a job that was running is handed out again).
        public mutating func add(_ recovered: Job, _ recoveredSlot: PresentationSlot) {
            if recovered.createdAt < lastCreated { inOrder = false }
            lastCreated = max(lastCreated, recovered.createdAt)
            var job = recovered.sharing(operation: state.sharedTexts.share(recovered.operation))
            if recoveredSlot.current == nil { job.phase = .queued }
            var active = ActiveJob(job: job, slot: recoveredSlot)
            active.shareQuestion(&state.sharedContents, texts: &state.sharedTexts)
            state.jobs[job.id] = active
            for id in recoveredSlot.resolutions.keys { state.presentationJobs[id] = job.id }
            // As kept: its job named by the job's own copy of the id.
            if let current = active.slot.current {
                state.pendingIndex.insert(current)
                state.scheduleReminder(of: current.id, after: current.createdAt)
                state.scheduleEscalation(of: current)
            }
            if job.phase == .queued { state.queue.append(job.id) }
        }

        /// The recovered state, with the jobs set aside because their rows could not be read.
        public consuming func finish(quarantined: [Quarantine]) -> BrokerState {
            if !inOrder {
                // Handed out oldest first, whatever order the rows came in (ties keep the rows' order).
                let ids = state.queue.ids.enumerated().sorted { first, second in
                    let (a, b) = (state.jobs[first.element]!.createdAt, state.jobs[second.element]!.createdAt)
                    return a != b ? a < b : first.offset < second.offset
                }
                state.queue = JobQueue()
                for (_, id) in ids { state.queue.append(id) }
            }
            state.quarantined = quarantined
            return state
        }
    }
}
