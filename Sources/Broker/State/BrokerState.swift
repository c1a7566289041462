public import Foundation
public import Presentation
public import Wire

/// The broker's bookkeeping as a pure state machine: inputs in, effects out; no sockets, no clock.
///
/// It holds the jobs that have not ended, the queue, the workers with their capacity and leases,
/// and each job's presentation slot. Everything it decides reaches the journal before anyone hears of it.
public struct BrokerState: Sendable {
    /// Timing of the heartbeat protocol, the size policy, and when a job counts as poisoned.
    public struct Settings: Sendable, Hashable {
        /// How often each side sends a heartbeat when it has nothing else to say.
        public var heartbeatInterval: TimeInterval
        /// A worker silent for this many intervals is dead.
        public var liveness: Int
        /// Every size limit, from `maxMessageBytes`.
        public var limits: MessageLimits
        /// A job handed out again more often than this, because its worker was lost, fails as `poisoned`.
        public var maxRedispatches: Int
        /// Seconds between `presentation.reminder` events while a question waits; `nil` sends none.
        public var reminderInterval: TimeInterval?
        /// Seconds finished jobs and events are kept before they are pruned in the background; 0 keeps everything.
        public var retention: TimeInterval
        /// Which catalog keys an announcement may define, knowing the shipped operations' texts.
        public var catalogKeys: CatalogKeys

        public init(
            heartbeatInterval: TimeInterval = 1, liveness: Int = 3, limits: MessageLimits = .standard, maxRedispatches: Int = 10,
            reminderInterval: TimeInterval? = nil, retention: TimeInterval = 0, catalogKeys: CatalogKeys = .none
        ) {
            self.catalogKeys = catalogKeys
            self.heartbeatInterval = heartbeatInterval
            self.liveness = liveness
            self.limits = limits
            self.maxRedispatches = maxRedispatches
            self.reminderInterval = reminderInterval
            self.retention = retention
        }
    }

    /// A connected worker.
    struct Worker: Sendable {
        let id: PeerID
        let name: String
        /// The CURVE key its connection was admitted with (the ZAP user id); nil without keys.
        let key: String?
        /// What it announced, by operation name.
        let announcements: [String: OperationAnnouncement]
        let capacity: Int
        /// Whether it reads `dispatches`: the dispatches a turn has for it then go in one message.
        var batches = false
        /// Whether it takes `asked` (the question's id) for a `present` instead of the whole presentation.
        var asked = false
        var running: Set<String> = []
        /// Jobs whose task it keeps suspended on a question.
        var holding: Set<String> = []
        var lastHeard: Date
        var lastSent: Date

        var freeSlots: Int { capacity - running.count }
        /// Whether it runs `operation`.
        func runs(_ operation: String) -> Bool { announcements[operation] != nil }
    }

    public let settings: Settings
    var jobs: [String: ActiveJob] = [:]
    var queue = JobQueue()
    var workers: [PeerID: Worker] = [:]
    /// The job of each resolved presentation of a job that has not ended (pending ones are in `pendingIndex`).
    var presentationJobs: [String: String] = [:]
    /// The pending presentations in page order and by deadline.
    var pendingIndex = PendingIndex()
    /// When each pending presentation is next reminded of (`reminderInterval`), by presentation id; may
    /// hold resolved ones, skipped when they come up.
    var reminders = DeadlineHeap<String>()
    /// When each pending presentation with an escalation widens its audience, by presentation id; may hold
    /// resolved ones, skipped when they come up.
    var escalations = DeadlineHeap<String>()
    /// The job each idempotency key created this run, with the digest of its request.
    var idempotencyKeys: [String: (job: String, digest: String)] = [:]
    /// Every operation ever announced; the only operations a submit may name.
    var registry: AnnouncedOperations
    /// The sequence of the newest event.
    public private(set) var lastSequence: Int64
    /// Titles, messages and actions that many pending questions repeat, kept once.
    var sharedTexts = SharedTexts()
    /// What pending questions say, kept once for all that say the same.
    var sharedContents = SharedContents()
    /// Jobs set aside because their journal rows cannot be read; the broker runs without them.
    public internal(set) var quarantined: [Quarantine]
    /// While true (the journal's disk is full) nothing is handed out and nothing expires: no decision
    /// the journal could not record is taken.
    public var paused = false

    /// A broker that recovers `active` (every job that had not ended, without the `quarantined` ones)
    /// and the operations announced so far from the journal.
    public init(
        settings: Settings = .init(), recovering active: [(Job, PresentationSlot)] = [], quarantined: [Quarantine] = [],
        lastSequence: Int64 = 0, announcements: [RecordedAnnouncement] = []
    ) {
        var recovering = Recovering(settings: settings, lastSequence: lastSequence, announcements: announcements)
        for (job, slot) in active { recovering.add(job, slot) }
        self = recovering.finish(quarantined: quarantined)
    }

    /// A broker with no job yet, knowing the operations announced so far (`Recovering` adds the jobs).
    init(settings: Settings, lastSequence: Int64, announcements: [RecordedAnnouncement]) {
        self.settings = settings
        self.lastSequence = lastSequence
        quarantined = []
        registry = AnnouncedOperations(announcements)
    }

    /// Jobs that have not ended, for inspection.
    public var activeJobs: [Job] { jobs.values.map(\.job).sorted { $0.createdAt < $1.createdAt } }

    /// The number of jobs that have not ended.
    public var activeJobCount: Int { jobs.count }

    /// Every pending presentation, oldest first (by creation time, then id: the order pages follow).
    public var pending: [Presentation] { pendingIndex.all.compactMap { jobs[$0.job]?.slot.current } }

    /// The number of connected workers.
    public var workerCount: Int { workers.count }

    /// Ids of jobs waiting for a worker, in the order they will be handed out.
    public var queued: [String] { queue.ids }

    mutating func event(
        _ type: Event.Kind, _ job: Job, at now: Date, presentation: Presentation? = nil, resolution: Resolution? = nil,
        approvals: ApprovalProgress? = nil
    ) -> BrokerEffect {
        lastSequence += 1
        return .persist(
            .appendEvent(
                Event(
                    sequence: lastSequence, type: type, at: now, job: job, presentation: presentation, resolution: resolution,
                    approvals: approvals)))
    }

    /// The event that tells resolvers an operation's announcement changed, so they ask for its texts again.
    mutating func announcedEvent(at now: Date) -> BrokerEffect {
        lastSequence += 1
        return .persist(.appendEvent(Event(sequence: lastSequence, type: .operationAnnounced, at: now)))
    }

    /// The job that asked presentation `id`, pending or resolved, while that job has not ended.
    func job(asking id: String) -> String? { pendingIndex.jobs[id] ?? presentationJobs[id] }

    /// Appends an entry to the job's timeline.
    func history(_ job: String, _ entry: HistoryEntry) -> BrokerEffect {
        .persist(.appendHistory(job: job, entry))
    }

    /// Persists the job's row and returns the effect.
    func save(_ active: ActiveJob, idempotency: Idempotency? = nil) -> BrokerEffect {
        .persist(.saveJob(active.job, idempotency: idempotency))
    }

    /// Sets a job aside without touching the journal (its rows cannot be read): it leaves the queue,
    /// its worker and every list, and is named in `quarantined`.
    public mutating func quarantine(_ jobID: String, reason: String) {
        guard let active = jobs.removeValue(forKey: jobID) else { return }
        queue.remove(jobID)
        if let worker = active.worker { workers[worker]?.running.remove(jobID) }
        if let holder = active.holder { workers[holder]?.holding.remove(jobID) }
        for id in active.slot.resolutions.keys { presentationJobs[id] = nil }
        if let current = active.slot.current {
            presentationJobs[current.id] = nil
            pendingIndex.remove(current.id)
        }
        quarantined.append(Quarantine(job: jobID, reason: reason))
    }
}
