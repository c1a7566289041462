import Client
import Foundation
import Wire

/// What a row cost beside its rate: the CPU each part spent per job and the journal commits per job, read
/// before and after the row (`/proc`, and the broker's `stats`).
enum RowCost {
    /// Runs `body` on `system`, then fills in the row's CPU and commits per job.
    static func measure(
        _ system: some CPUSampling, _ probe: BenchProbe, _ body: () async throws -> ThroughputRun.Result
    ) async throws -> ThroughputRun.Result {
        let (cpu, commits) = (system.cpuSample(), await Self.commits(probe))
        var row = try await body()
        let (cpuAfter, commitsAfter) = (system.cpuSample(), await Self.commits(probe))
        if let cpu, let cpuAfter { row.cpu = cpuAfter.perJob(since: cpu, jobs: row.jobs) }
        if let commits, let commitsAfter, row.jobs > 0 { row.commitsPerJob = Double(commitsAfter - commits) / Double(row.jobs) }
        return row
    }

    /// The journal transactions the broker has committed so far; nil when its `stats` does not say.
    static func commits(_ probe: BenchProbe) async -> Int? {
        guard case .stats(let stats) = await probe.client.request(.stats) else { return nil }
        return stats.commits
    }
}

extension ChildSystem: CPUSampling {
    /// The broker's and each worker's process, and this one (the client).
    func cpuSample() -> CPUSample? {
        var parts: [String: CPUSample.Part] = [:]
        let processes = [(broker.pid, CPUSample.Role.broker), (getpid(), .client)] + workers.enumerated().map { ($1.pid, .worker($0 + 1)) }
        for (pid, role) in processes {
            guard let usage = ProcessUsage.of(pid) else { return nil }
            parts["process \(pid)"] = .init(role: role, seconds: usage.cpuSeconds)
        }
        return CPUSample(parts: parts, rest: nil)
    }
}

extension BenchSystem: CPUSampling {
    /// The broker's and the worker's threads of this process, and the rest of it as the client.
    func cpuSample() -> CPUSample? { ThreadUsage.inProcess() }
}
