import Foundation

extension BenchReport {
    /// The readable report: where and how it ran, the ratios, then each scenario.
    var text: String {
        var lines = [
            "interlude-bench — \(machine.date)",
            "machine  \(machine.system), \(machine.cores) core(s), load \(String(format: "%.2f", machine.load)) at start",
            "journal  temporary folders in \(machine.journalFolder), removed afterwards",
            "command  \(command)",
            "",
        ]
        lines += ratioLines + [""] + throughputLines + [""] + answerLines + [""] + floorLines + [""] + peerLines
        if let webhooks { lines += [""] + Self.lines(webhooks) }
        if let parked { lines += [""] + Self.lines(parked) }
        return lines.joined(separator: "\n")
    }

    private var ratioLines: [String] {
        let r = ratios
        var rows: [[String]] = [
            ["durable noop jobs/s ÷ Majortomo requests/s", Self.times(r.overMajortomo), "target ≥ 2×"],
            ["durable noop jobs/s ÷ PgQueuer jobs/s", Self.times(r.overPgQueuer), ""],
            ["bulk-submitted durable noop jobs/s ÷ Majortomo requests/s", Self.times(r.bulkOverMajortomo), "target ≥ 10×"],
            ["bulk-submitted jobs/s ÷ PgQueuer batched jobs/s", Self.times(r.bulkOverPgQueuerBatched), ""],
            ["bulk journal commits per job", bulk.map { String(format: "%.4f", $0.commitsPerJob) } ?? "—", "target ≤ 0.05"],
            ["gateway: batch POST jobs/s ÷ single POST jobs/s", Self.times(httpBulk?.bulkOverSingle), "target ≥ 10×"],
            ["durable noop jobs/s ÷ one zmq_proxy hop msgs/s", Self.times(r.overProxyInFlight), ""],
            ["one job at a time, p50 ÷ one zmq_proxy hop p50", Self.times(r.sequentialOverProxyP50), "target ≤ 5×"],
            ["answer → succeeded p99", answer("separate", "full").map { Self.time($0.answerToSucceeded.p99) } ?? "—", "target < 2 ms"],
            ["webhook deliveries/s ÷ jobs/s", Self.times(r.deliveriesOverJobs), "target ≥ 1×"],
        ]
        if let parked {
            rows += [
                ["broker memory, \(Self.count(parked.parked)) parked", Self.megabytes(parked.brokerRSSBytes), "target < 150 MB at 100,000"],
                [
                    "recovery after SIGKILL, \(Self.count(parked.parked)) parked", parked.recoverySeconds.map { Self.seconds($0) } ?? "not within the limit",
                    "target < 2 s",
                ],
                ["idle broker CPU, all parked", parked.idleCPU.map { Self.percent($0) } ?? "—", "target < 1 %"],
            ]
        }
        rows.append(["separate processes ÷ one process, jobs/s", Self.times(r.separateOverOneProcess), ""])
        return ["ratios (one run, same jobs and window for all; durable = separate processes, synchronous=full)"]
            + Self.table(rows, widths: [48, 22])
    }

    private var throughputLines: [String] {
        let p = parameters
        var lines = [
            "1. noop jobs: \(p.jobs) jobs, ≤\(p.inFlight) in flight\(p.inputBytes > 2 ? ", each input about \(p.inputBytes) bytes (--input-bytes)" : "")"
                + "; separate = broker, \(p.workers) workers and this client as processes,",
            "   one = broker and 1 worker in this process; one+curve = the same with CURVE on every socket and the broker's ZAP handler;",
            "   one+postgres = the same with the journal on PostgreSQL (its synchronous_commit in the synchronous column);",
            "   worker capacity \(p.capacity); latency submit sent → job.succeeded received;",
            "   CPU per job (user + system, /proc) of the broker, each worker and the client (one process: its broker and worker threads, the rest as client);",
            "   commits: journal transactions per job",
        ]
        var rows = [["processes", "synchronous", "jobs/s", "p50", "p99", "max", "broker", "workers", "client", "commits"]]
        for run in throughput {
            rows.append(
                [run.processes, run.synchronous, Self.number(run.jobsPerSecond)] + [run.latency.p50, run.latency.p99, run.latency.max].map(Self.time)
                    + Self.cost(run))
        }
        lines += Self.table(rows, widths: [12, 12, 10, 11, 11, 11, 9, 16, 9])
        if let bulk {
            lines.append(
                "   bulk (separate, full): \(Self.count(bulk.jobs)) jobs, \(bulk.batch) a submitMany, ≤\(bulk.inFlight) batches in flight: "
                    + "\(Self.number(bulk.jobsPerSecond)) jobs/s, \(Self.count(bulk.commits)) commits (\(String(format: "%.4f", bulk.commitsPerJob)) a job), "
                    + "\(Self.times(ratios.bulkOverWindowed)) the windowed row")
        }
        if let httpBulk {
            lines.append(
                "   gateway, jobs accepted/s: single POST \(Self.number(httpBulk.single.jobsPerSecond)) (≤\(httpBulk.single.inFlight) in flight), "
                    + "batch POST \(Self.number(httpBulk.bulk.jobsPerSecond)) (\(httpBulk.bulk.batch) a request, ≤\(httpBulk.bulk.inFlight) in flight), "
                    + "\(Self.count(httpBulk.single.jobs)) jobs each")
        }
        lines.append(
            "   one job at a time (separate, full), \(sequential.jobs) jobs: p50 \(Self.time(sequential.latency.p50))  p99 \(Self.time(sequential.latency.p99))"
                + "  CPU per job broker \(Self.cost(sequential)[0]), workers \(Self.cost(sequential)[1]), client \(Self.cost(sequential)[2]); commits \(Self.cost(sequential)[3])"
        )
        lines.append(
            "   the disk: "
                + (disk.map {
                    "4 KiB written and fdatasync'ed, p50 \(Self.time($0.latency.p50)), p99 \(Self.time($0.latency.p99)) (\($0.latency.count) writes in the journals' folder)"
                } ?? "fdatasync not measured"))
        lines.append("   normal/full jobs/s (one process): \(Self.times(ratios.normalOverFullJobsPerSecond))")
        lines.append("   CURVE's cost, plain/curve jobs/s (one process, full): \(Self.times(ratios.plainOverCurveJobsPerSecond))")
        return lines
    }

    /// A row's CPU per job (broker, workers, client) and commits per job, `—` where not measured.
    static func cost(_ run: ThroughputRun.Result) -> [String] {
        guard let cpu = run.cpu else { return ["—", "—", "—", run.commitsPerJob.map { String(format: "%.2f", $0) } ?? "—"] }
        return [time(cpu.broker), cpu.workers.map(time).joined(separator: " "), time(cpu.client), run.commitsPerJob.map { String(format: "%.2f", $0) } ?? "—"]
    }

    private var answerLines: [String] {
        var rows = [["processes", "synchronous", "p50", "p90", "p99", "max", "ack p50", "asked p50"]]
        for run in answers {
            let done = run.answerToSucceeded
            rows.append(
                [run.processes, run.synchronous] + [done.p50, done.p90, done.p99, done.max, run.answerAcknowledged.p50, run.submitToPending.p50].map(Self.time))
        }
        return [
            "2. answer → job.succeeded: \(parameters.questions) questions, one at a time (separate: resetPreferences answered cancel; one: benchConfirm)",
            "   ack: answer sent → its reply; asked: submit sent → presentation.pending received",
        ] + Self.table(rows, widths: [12, 12, 11, 11, 11, 11, 11, 11])
            + [
                "   over the echo p50 (one process, full): answer → succeeded \(Self.times(ratios.answerOverEcho)), time per noop job \(Self.times(ratios.perJobOverEcho))"
            ]
    }

    private var floorLines: [String] {
        var rows = [["target", "p50", "p99", "msgs/s", "msgs/s ≤\(echo.inFlight)"]]
        for (name, run) in [("echo", echo), ("proxy hop", proxy)] {
            rows.append([name, Self.time(run.latency.p50), Self.time(run.latency.p99), Self.number(run.perSecond), Self.number(run.inFlightPerSecond)])
        }
        return [
            "3. floor: DEALER↔ROUTER echo, and the same behind one zmq_proxy hop; \(echo.messageBytes)-byte messages, \(echo.roundTrips) round trips 1 in flight, then \(echo.roundTrips) with \(echo.inFlight)"
        ]
            + Self.table(rows, widths: [12, 10, 10, 10, 14])
    }

    private var peerLines: [String] {
        guard let peers else { return ["4. peers: not measured (benchmarks/run.sh measures them in the same run and passes --peers)"] }
        var lines = ["4. peers, same jobs and window (measured by benchmarks/run.sh in this run; latency: request sent → reply, or enqueue → run)"]
        for peer in [peers.majortomo, peers.pgqueuer, peers.pgqueuerBatched].compactMap({ $0 }) {
            let name = "\(peer.name) \(peer.version ?? "")".trimmingCharacters(in: .whitespaces)
            if let rate = peer.jobsPerSecond, let latency = peer.latency {
                lines.append(
                    "   \(name): \(Self.number(rate)) jobs/s, p50 \(Self.time(latency.p50)), p99 \(Self.time(latency.p99)), \(peer.jobs) jobs ≤\(peer.inFlight) in flight"
                )
                if let setup = peer.setup { lines.append("     \(setup)") }
            } else {
                lines.append("   \(name): not measured: \(peer.error ?? "no figures")")
            }
        }
        return lines
    }
}
