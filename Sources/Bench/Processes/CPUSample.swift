import Foundation

/// The CPU seconds (user + system, from `/proc`) a system's parts have used so far: the broker, each worker
/// and the client, each part a process or a thread, named by an id that stays the same between samples
/// (a process id or a thread id), so a part that went away or came meanwhile is counted rightly.
struct CPUSample: Sendable, Equatable {
    /// Which part of the system a process or thread is.
    enum Role: Hashable, Sendable {
        case broker
        case worker(Int)
        case client
    }

    /// A process's or a thread's CPU seconds so far.
    struct Part: Sendable, Equatable {
        let role: Role
        let seconds: Double
    }

    /// Each part measured, by id.
    let parts: [String: Part]
    /// This whole process's CPU seconds, when what of it is no part above is the client's (one process).
    let rest: Double?

    /// The CPU each part spent per job since `start`, in microseconds; a part absent from `start` counts from zero.
    func perJob(since start: CPUSample, jobs: Int) -> CPUPerJob {
        let per = { (seconds: Double) in jobs > 0 ? seconds * 1e6 / Double(jobs) : 0 }
        var spent: [Role: Double] = [:]
        for (id, part) in parts { spent[part.role, default: 0] += part.seconds - (start.parts[id]?.seconds ?? 0) }
        if let rest, let before = start.rest {
            // The rest of the process: what it spent beyond its parts (a part that ended stays in its total).
            spent[.client, default: 0] += (rest - before) - spent.values.reduce(0, +)
        }
        let workers = spent.keys.compactMap { if case .worker(let index) = $0 { index } else { nil } }.sorted()
        return CPUPerJob(broker: per(spent[.broker] ?? 0), workers: workers.map { per(spent[.worker($0)] ?? 0) }, client: per(spent[.client] ?? 0))
    }
}

/// CPU time per job of a row, in microseconds: the broker, each worker, and the client.
struct CPUPerJob: Encodable, Sendable, Equatable {
    let broker: Double
    let workers: [Double]
    let client: Double

    /// All parts together.
    var total: Double { broker + workers.reduce(0, +) + client }
}

/// A system whose parts' CPU can be read.
protocol CPUSampling: Sendable {
    /// The CPU its parts have used so far; nil where `/proc` cannot be read.
    func cpuSample() -> CPUSample?
}
