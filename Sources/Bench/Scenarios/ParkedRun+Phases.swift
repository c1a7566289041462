import Client
import Foundation
import JSON
import Wire
import ZeroMQ

extension ParkedRun {
    /// The parking phase: when each job's question arrived, and why parking stopped early, if it did.
    struct Parking {
        let instants: [ContinuousClock.Instant]
        let seconds: Double
        let stopped: String?

        /// Parked jobs per second over the last tenth of them.
        var lastTenthPerSecond: Double? {
            let tenth = instants.count / 10
            guard tenth > 0, let last = instants.last else { return nil }
            let seconds = Latency.seconds(last - instants[instants.count - 1 - tenth])
            return seconds > 0 ? Double(tenth) / seconds : nil
        }
    }

    /// Keeps `inFlight` jobs between submit and their question until `jobs` are parked or the limit passes.
    static func park(_ probe: BenchProbe, _ settings: Settings) async -> Parking {
        let start = ContinuousClock.now
        let deadline = start + settings.parkingLimit
        // A job submitted just before the limit may take a while to park; it gets `limit` more at most.
        let grace = deadline + settings.limit
        let issued = Tally()
        let stopped = Latch<String>()
        let instants = await withTaskGroup(of: [ContinuousClock.Instant].self) { group in
            for _ in 0..<min(settings.inFlight, settings.jobs) {
                group.addTask {
                    var parked: [ContinuousClock.Instant] = []
                    while stopped.value == nil, issued.next() < settings.jobs {
                        guard ContinuousClock.now < deadline else {
                            stopped.open("parking stopped when its \(settings.parkingLimit) limit passed")
                            break
                        }
                        do {
                            let job = try await probe.client.submit(operation, input: .object([:]))
                            let question = try await probe.questions.wait(
                                for: job.id, timeout: grace - ContinuousClock.now, what: "the question of \(job.id)")
                            parked.append(question.at)
                        } catch {
                            stopped.open("parking stopped: \(error)")
                            break
                        }
                    }
                    return parked
                }
            }
            var all: [ContinuousClock.Instant] = []
            for await lane in group { all += lane }
            return all.sorted()
        }
        let seconds = Latency.seconds((instants.last ?? start) - start)
        let note = stopped.value.map { "\($0) (\(instants.count) of \(settings.jobs) parked)" }
        return Parking(instants: instants, seconds: seconds, stopped: note)
    }

    /// The broker's `stats`, how long it took to answer, or why there is none.
    static func stats(_ client: BrokerClient, limit: Duration) async -> (reply: BrokerReply.Stats?, seconds: Double?, failure: String?) {
        let start = ContinuousClock.now
        switch await client.request(.stats, timeout: limit) {
        case .stats(let stats): return (stats, Latency.seconds(ContinuousClock.now - start), nil)
        case .error(let error): return (nil, nil, error.description)
        case let other: return (nil, nil, "unexpected reply \(other)")
        }
    }

    /// The CPU share of process `pid` over `window` (its CPU time over wall time; 1.0 is one core).
    static func idleCPU(_ pid: Int32, over window: Duration) async -> Double? {
        guard let before = ProcessUsage.of(pid) else { return nil }
        let start = ContinuousClock.now
        try? await Task.sleep(for: window)  // the sampling window itself
        guard let after = ProcessUsage.of(pid) else { return nil }
        let wall = Latency.seconds(ContinuousClock.now - start)
        return wall > 0 ? (after.cpuSeconds - before.cpuSeconds) / wall : nil
    }

    /// Times the first page of pending presentations, the size a person's listing asks for by default.
    static func firstPage(context: Context, endpoint: String, limit: Duration) async -> (seconds: Double?, count: Int?, failure: String?) {
        // A client of its own: a reply over the socket's size limit must not cut the others off.
        let connection: BrokerConnection
        do { connection = try BrokerConnection(.init(clients: endpoint)) } catch { return (nil, nil, "\(error)") }
        defer { connection.close() }
        let client = connection.client
        let start = ContinuousClock.now
        switch await client.request(.pending(.init()), timeout: limit) {
        case .pending(let snapshot): return (Latency.seconds(ContinuousClock.now - start), snapshot.presentations.count, nil)
        case .error(let error): return (nil, nil, error.description)
        case let other: return (nil, nil, "unexpected reply \(other)")
        }
    }
}
