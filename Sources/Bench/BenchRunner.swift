import Foundation
import JSON
import Journal
import PostgreSQL
import Presentation
import SQLite
import ZeroMQ

/// Runs every scenario in order, each system on a fresh journal under one temporary folder.
struct BenchRunner {
    let parameters: BenchReport.Parameters
    /// How long each part may take.
    let limit: Duration
    /// The `interlude` executable the separate processes run.
    let executable: URL
    /// The peers' figures from the same run, if `benchmarks/run.sh` measured them.
    let peers: Peers?
    /// A PostgreSQL server for the row with the journal on PostgreSQL, if given.
    let postgres: PostgresURL?

    func run(command: String) async throws -> BenchReport {
        let machine = Machine.current()
        let context = try Context()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("interlude-bench-\(UUID().uuidString)")
        do {
            let report = try await run(command: command, machine: machine, context: context, root: root)
            try? FileManager.default.removeItem(at: root)
            return report
        } catch {
            if FileManager.default.fileExists(atPath: root.path) { progress("the processes' logs are kept in \(root.path)") }
            throw error
        }
    }

    private func run(command: String, machine: Machine, context: Context, root: URL) async throws -> BenchReport {
        let p = parameters
        let input = BenchInput.object(bytes: p.inputBytes)
        let launcher = { (name: String) in ChildLauncher(executable: executable, folder: root.appendingPathComponent(name), synchronous: "full") }

        progress("disk: 4 KiB writes, each fdatasync'ed, in \(root.path)")
        let disk = DiskSync.measure(in: root.appendingPathComponent("disk"))
        progress("floor: \(p.echoes) round trips to a bare echo and through one zmq_proxy hop, 1 then \(p.inFlight) in flight")
        let echo = try await floor(context, try await FloorTarget.echo(context: context))
        let proxy = try await floor(context, try await FloorTarget.proxyHop(context: context))

        progress(
            "separate processes (broker, \(p.workers) workers, this client): \(p.jobs) noop jobs (input \((try? JSONWriter.size(of: input)) ?? 0) bytes), \(p.questions) one at a time, \(p.questions) questions"
        )
        let separate = try await withChildren(launcher("separate"), context) { system in
            let throughput = try await RowCost.measure(system, system.probe) {
                try await ThroughputRun.run(
                    system.probe, processes: "separate", synchronous: "full", jobs: p.jobs, inFlight: p.inFlight, limit: limit, input: input)
            }
            let sequential = try await RowCost.measure(system, system.probe) {
                try await ThroughputRun.run(system.probe, processes: "separate", synchronous: "full", jobs: p.questions, inFlight: 1, limit: limit)
            }
            let answers = try await AnswerRun.run(
                system.probe, asking: .resetPreferences, processes: "separate", synchronous: "full", questions: p.questions, limit: limit)
            var bulk: BulkRun.Result?
            if p.bulkJobs > 0 {
                progress("bulk: \(p.bulkJobs) noop jobs submitted \(p.bulkBatch) to a submitMany, 4 batches in flight, same processes")
                bulk = try await BulkRun.run(system.probe, processes: "separate", jobs: p.bulkJobs, batch: p.bulkBatch, inFlight: 4, limit: limit)
            }
            return (throughput, sequential, answers, bulk)
        }
        var throughput = [separate.0]
        var answers = [separate.2]
        for mode in [Synchronous.full, .normal] {
            let label = mode.rawValue.lowercased()
            progress("one process, synchronous=\(label): \(p.jobs) noop jobs, ≤\(p.inFlight) in flight; \(p.questions) questions")
            let (jobs, asked) = try await withSystem(context, mode, folder: root.appendingPathComponent("one-\(label)")) { system in
                let jobs = try await RowCost.measure(system, system.probe) {
                    try await ThroughputRun.run(
                        system.probe, processes: "one", synchronous: label, jobs: p.jobs, inFlight: p.inFlight, limit: limit, input: input)
                }
                let asked = try await AnswerRun.run(
                    system.probe, asking: .benchConfirm, processes: "one", synchronous: label, questions: p.questions, limit: limit)
                return (jobs, asked)
            }
            throughput.append(jobs)
            answers.append(asked)
        }
        progress("one process over CURVE, synchronous=full: \(p.jobs) noop jobs, ≤\(p.inFlight) in flight")
        throughput.append(
            try await withSystem(context, .full, folder: root.appendingPathComponent("one-curve"), curve: true) { system in
                try await RowCost.measure(system, system.probe) {
                    try await ThroughputRun.run(
                        system.probe, processes: "one+curve", synchronous: "full", jobs: p.jobs, inFlight: p.inFlight, limit: limit, input: input)
                }
            })
        if let postgres {
            progress("one process, journal on PostgreSQL (synchronous_commit as the server has it): \(p.jobs) noop jobs, ≤\(p.inFlight) in flight")
            let journal = try PostgresScratch(server: postgres)
            defer { journal.drop() }
            throughput.append(
                try await withSystem(context, .full, folder: root.appendingPathComponent("one-postgres"), journal: .postgres(journal.url)) { system in
                    try await RowCost.measure(system, system.probe) {
                        try await ThroughputRun.run(
                            system.probe, processes: "one+postgres", synchronous: journal.synchronousCommit, jobs: p.jobs, inFlight: p.inFlight,
                            limit: limit, input: input)
                    }
                })
        }
        var httpBulk: HTTPBulkRun.Result?
        if p.bulkJobs > 0 {
            let jobs = min(p.bulkJobs, 10 * p.jobs)
            progress(
                "gateway: \(jobs) noop jobs by single POST /v1/operations (≤\(p.inFlight) in flight), then by POST /v1/operations/batch (\(p.bulkBatch) a request)"
            )
            httpBulk = try await withChildren(launcher("http"), context) { system in
                let gateway = try system.launcher.gateway(system.endpoints)
                do {
                    guard let url = try await gateway.ready(within: limit)["gateway"] else { throw BenchFailure("the gateway's ready block names no URL") }
                    let result = try await HTTPBulkRun.run(gateway: url, jobs: jobs, inFlight: p.inFlight, batch: p.bulkBatch, limit: limit)
                    await gateway.stop(grace: .seconds(5))
                    return result
                } catch {
                    await gateway.stop(grace: .seconds(5))
                    throw error
                }
            }
        }
        var webhooks: WebhooksRun.Result?
        if p.webhooks > 0 {
            progress("webhooks: \(p.webhooks) noop jobs, each job.succeeded delivered by a gateway to a local receiver")
            webhooks = try await WebhooksRun.run(
                launcher("webhooks"), context: context, jobs: p.webhooks, inFlight: p.inFlight, workers: p.workers, capacity: p.capacity,
                webhookInFlight: p.webhookInFlight, limit: limit)
        }
        var parked: ParkedRun.Result?
        if p.parked > 0 {
            progress("parked: \(p.parked) jobs waiting on a question, ≤\(p.parkedInFlight) in flight, parking for at most \(p.parkedLimitSeconds) s")
            let settings = ParkedRun.Settings(
                jobs: p.parked, inFlight: p.parkedInFlight, parkingLimit: .seconds(p.parkedLimitSeconds), idle: .seconds(p.idleSeconds), limit: limit)
            parked = try await withChildren(launcher("parked"), context) { system in
                await ParkedRun.run(system, context: context, settings: settings)
            }
        }
        return BenchReport(
            machine: machine, command: command, parameters: p, throughput: throughput, sequential: separate.1, answers: answers,
            echo: echo, proxy: proxy, peers: peers, parked: parked, webhooks: webhooks, bulk: separate.3, httpBulk: httpBulk, disk: disk)
    }

    /// Measures the floor against `target`, then stops it.
    private func floor(_ context: Context, _ target: FloorTarget) async throws -> FloorRun.Result {
        defer { target.stop() }
        return try await FloorRun.measure(
            context: context, endpoint: target.endpoint, roundTrips: parameters.echoes, inFlight: parameters.inFlight, limit: limit)
    }

    /// Starts a broker and workers as processes, runs `body`, and stops them, also when something fails.
    private func withChildren<T>(_ launcher: ChildLauncher, _ context: Context, _ body: (ChildSystem) async throws -> T) async throws -> T {
        let system = try await ChildSystem.start(
            launcher, context: context, workers: parameters.workers, capacity: parameters.capacity, within: limit)
        return try await withShutdown(system, body)
    }

    /// Starts a broker and a worker in this process, warms them up, runs `body`, and shuts them down.
    private func withSystem<T>(
        _ context: Context, _ mode: Synchronous, folder: URL, curve: Bool = false, journal: JournalLocation? = nil,
        _ body: (BenchSystem) async throws -> T
    ) async throws -> T {
        let system = try BenchSystem(
            context: context, synchronous: mode, capacity: parameters.capacity, folder: folder, journal: journal, curve: curve)
        return try await withShutdown(system) { system in
            try await system.probe.warmUp(within: .seconds(10))
            return try await body(system)
        }
    }

    private func progress(_ message: String) {
        FileHandle.standardError.write(Data("bench: \(message)\n".utf8))
    }
}
