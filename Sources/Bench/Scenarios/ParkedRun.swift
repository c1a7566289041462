import Foundation
import Operations
import Wire
import ZeroMQ

/// N jobs each waiting on a question at once, on a broker and workers in processes of their own: how far
/// parking gets in the time given, memory, the idle broker's CPU, the first page of pending questions, and
/// how long a SIGKILLed broker takes to come back with all of them. Every phase is bounded; one that fails
/// or runs out of time is reported in `notes` and the scenario goes on with what it has.
///
/// The probe operation is the shipped `resetPreferences`: it always asks one question (and only acts on an
/// answer, which the bench never gives), on a library folder of the bench's own.
enum ParkedRun {
    /// What the scenario is asked to do.
    struct Settings: Sendable {
        let jobs: Int
        let inFlight: Int
        /// How long parking may take; the scenario then measures what is parked.
        let parkingLimit: Duration
        /// How long the idle broker's CPU is sampled.
        let idle: Duration
        /// How long each other phase (a listing, the recovery) may take.
        let limit: Duration
    }

    /// The figures; nil where a phase did not get that far.
    struct Result: Encodable, Sendable {
        let jobs: Int
        let inFlight: Int
        let workers: Int
        /// Jobs whose `presentation.pending` event arrived in time.
        let parked: Int
        /// Whether all `jobs` parked within the limit.
        let complete: Bool
        let parkingSeconds: Double
        let parkedPerSecond: Double
        /// The rate over the last tenth of the parked jobs (how parking slows as more wait).
        let lastTenthPerSecond: Double?
        /// `pending` in the broker's `stats` once parking stopped, and how long that request took.
        let brokerPending: Int?
        let statsSeconds: Double?
        let brokerRSSBytes: Int?
        let workerRSSBytes: [Int]
        /// The broker's CPU time over wall time while nothing happens, all parked (1.0 is one core).
        let idleCPU: Double?
        let idleSeconds: Double
        /// Time to list pending presentations (the first page), and how many came back.
        let firstPageSeconds: Double?
        let firstPagePresentations: Int?
        /// From the restarted broker's start to a `stats` reply with every parked job pending and every worker back.
        let recoverySeconds: Double?
        let recovery: Recovery
        let brokerRSSAfterRecoveryBytes: Int?
        /// What stopped a phase early, in order.
        let notes: [String]
    }

    /// The restart's milestones, seconds from the new broker's start.
    struct Recovery: Encodable, Sendable {
        /// The broker printed `listening:` (its journal is recovered and its sockets bound).
        let listeningSeconds: Double?
        /// The first request (`stats`) was answered.
        let firstReplySeconds: Double?
        /// A `stats` reply counted every worker again.
        let workersSeconds: Double?
        /// What the last `stats` reply said.
        let pending: Int?
        let workers: Int?
    }

    static let operation = ResetPreferences.name

    static func run(_ system: ChildSystem, context: Context, settings: Settings) async -> Result {
        var notes: [String] = []
        let parking = await park(system.probe, settings)
        if let stopped = parking.stopped { notes.append(stopped) }
        let stats = await Self.stats(system.probe.client, limit: settings.limit)
        if let failure = stats.failure { notes.append("stats after parking: \(failure)") }
        let broker = ProcessUsage.of(system.broker.pid)
        let workers = system.workers.compactMap { ProcessUsage.of($0.pid)?.residentBytes }
        let idle = await idleCPU(system.broker.pid, over: settings.idle)
        let page = await firstPage(context: context, endpoint: system.endpoints.clients, limit: settings.limit)
        if let failure = page.failure { notes.append("first page: \(failure)") }
        let expected = stats.reply?.pending ?? parking.instants.count
        let recovery = await recover(system, context: context, pending: expected, workers: system.workers.count, limit: settings.limit)
        if let failure = recovery.failure { notes.append("recovery: \(failure)") }
        return Result(
            jobs: settings.jobs, inFlight: settings.inFlight, workers: system.workers.count, parked: parking.instants.count,
            complete: parking.instants.count == settings.jobs, parkingSeconds: parking.seconds,
            parkedPerSecond: parking.seconds > 0 ? Double(parking.instants.count) / parking.seconds : 0,
            lastTenthPerSecond: parking.lastTenthPerSecond, brokerPending: stats.reply?.pending, statsSeconds: stats.seconds,
            brokerRSSBytes: broker?.residentBytes, workerRSSBytes: workers, idleCPU: idle, idleSeconds: Latency.seconds(settings.idle),
            firstPageSeconds: page.seconds, firstPagePresentations: page.count, recoverySeconds: recovery.seconds,
            recovery: recovery.milestones, brokerRSSAfterRecoveryBytes: ProcessUsage.of(system.broker.pid)?.residentBytes, notes: notes)
    }
}

extension ParkedRun.Result {
    enum CodingKeys: String, CodingKey {
        case jobs, inFlight, workers, parked, complete, parkingSeconds, parkedPerSecond, lastTenthPerSecond, brokerPending, statsSeconds
        case brokerRSSBytes, workerRSSBytes, idleCPU, idleSeconds, firstPageSeconds, firstPagePresentations, recoverySeconds, recovery
        case brokerRSSAfterRecoveryBytes, notes
    }

    /// Every field, a figure that was not reached as `null` (not left out), so readers see how far the run got.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(jobs, forKey: .jobs)
        try container.encode(inFlight, forKey: .inFlight)
        try container.encode(workers, forKey: .workers)
        try container.encode(parked, forKey: .parked)
        try container.encode(complete, forKey: .complete)
        try container.encode(parkingSeconds, forKey: .parkingSeconds)
        try container.encode(parkedPerSecond, forKey: .parkedPerSecond)
        try container.encode(lastTenthPerSecond, forKey: .lastTenthPerSecond)
        try container.encode(brokerPending, forKey: .brokerPending)
        try container.encode(statsSeconds, forKey: .statsSeconds)
        try container.encode(brokerRSSBytes, forKey: .brokerRSSBytes)
        try container.encode(workerRSSBytes, forKey: .workerRSSBytes)
        try container.encode(idleCPU, forKey: .idleCPU)
        try container.encode(idleSeconds, forKey: .idleSeconds)
        try container.encode(firstPageSeconds, forKey: .firstPageSeconds)
        try container.encode(firstPagePresentations, forKey: .firstPagePresentations)
        try container.encode(recoverySeconds, forKey: .recoverySeconds)
        try container.encode(recovery, forKey: .recovery)
        try container.encode(brokerRSSAfterRecoveryBytes, forKey: .brokerRSSAfterRecoveryBytes)
        try container.encode(notes, forKey: .notes)
    }
}
