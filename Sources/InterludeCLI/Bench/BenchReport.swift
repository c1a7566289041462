import Foundation

/// Everything one `interlude bench` run measured, printed as a table or as one JSON object.
struct BenchReport: Encodable, Sendable {
    /// What the run was asked to do.
    struct Parameters: Encodable, Sendable {
        let jobs: Int
        let inFlight: Int
        let capacity: Int
        let questions: Int
        let echoes: Int
    }

    /// The figures side by side.
    struct Ratios: Encodable, Sendable {
        /// Jobs per second with synchronous=normal over synchronous=full.
        let normalOverFullJobsPerSecond: Double
        /// Answer→succeeded p50 over the echo p50: the broker's cost for one question's last leg.
        let answerOverEcho: Double
        /// Noop submit→succeeded p50 (synchronous=full, K in flight) over the echo p50.
        let noopOverEcho: Double
    }

    let machine: Machine
    let command: String
    let parameters: Parameters
    let throughput: [ThroughputRun.Result]
    let answers: AnswerRun.Result
    let echo: EchoRun.Result
    let ratios: Ratios

    init(
        machine: Machine, command: String, parameters: Parameters, throughput: [ThroughputRun.Result],
        answers: AnswerRun.Result, echo: EchoRun.Result
    ) {
        self.machine = machine
        self.command = command
        self.parameters = parameters
        self.throughput = throughput
        self.answers = answers
        self.echo = echo
        func ratio(_ top: Double, _ bottom: Double) -> Double { bottom > 0 ? top / bottom : 0 }
        let full = throughput.first { $0.synchronous == "full" }
        let normal = throughput.first { $0.synchronous == "normal" }
        ratios = Ratios(
            normalOverFullJobsPerSecond: ratio(normal?.jobsPerSecond ?? 0, full?.jobsPerSecond ?? 0),
            answerOverEcho: ratio(answers.answerToSucceeded.p50, echo.latency.p50),
            noopOverEcho: ratio(full?.latency.p50 ?? 0, echo.latency.p50))
    }

    /// The readable table.
    var text: String {
        let p = parameters
        var lines = [
            "interlude bench — \(machine.date)",
            "machine  \(machine.system), \(machine.cores) core(s)",
            "command  \(command)",
            "",
            "1. noop jobs through broker and worker: \(p.jobs) jobs, ≤\(p.inFlight) in flight, worker capacity \(p.capacity)",
            "   " + Self.row(["synchronous", "jobs/s", "p50", "p99", "max"]),
        ]
        for run in throughput {
            lines.append("   " + Self.row([run.synchronous, Self.number(run.jobsPerSecond), Self.time(run.latency.p50), Self.time(run.latency.p99), Self.time(run.latency.max)]))
        }
        lines += [
            "   (latency: submit sent → job.succeeded event received)",
            "   normal/full jobs/s: \(Self.times(ratios.normalOverFullJobsPerSecond))",
            "",
            "2. answer → job.succeeded: \(answers.questions) benchConfirm questions one at a time, synchronous=\(answers.synchronous)",
            "   " + Self.row(["", "p50", "p90", "p99", "max"]),
            "   " + Self.row(["answer→done", Self.time(answers.answerToSucceeded.p50), Self.time(answers.answerToSucceeded.p90), Self.time(answers.answerToSucceeded.p99), Self.time(answers.answerToSucceeded.max)]),
            "   " + Self.row(["answer ack", Self.time(answers.answerAcknowledged.p50), Self.time(answers.answerAcknowledged.p90), Self.time(answers.answerAcknowledged.p99), Self.time(answers.answerAcknowledged.max)]),
            "   " + Self.row(["submit→asked", Self.time(answers.submitToPending.p50), Self.time(answers.submitToPending.p90), Self.time(answers.submitToPending.p99), Self.time(answers.submitToPending.max)]),
            "",
            "3. floor: bare DEALER↔ROUTER echo, 1 in flight, \(echo.messageBytes)-byte messages, \(echo.roundTrips) round trips",
            "   p50 \(Self.time(echo.latency.p50))  p99 \(Self.time(echo.latency.p99))  \(Self.number(echo.perSecond)) round trips/s",
            "",
            "overhead over the echo floor (p50)",
            "   answer → job.succeeded        \(Self.times(ratios.answerOverEcho))",
            "   noop submit → job.succeeded   \(Self.times(ratios.noopOverEcho))  (synchronous=full, queueing behind \(p.inFlight) in flight included)",
        ]
        return lines.joined(separator: "\n")
    }

    private static func row(_ cells: [String]) -> String {
        cells.enumerated().map { index, cell in
            index == 0 ? cell.padding(toLength: 13, withPad: " ", startingAt: 0) : String(repeating: " ", count: max(0, 10 - cell.count)) + cell
        }.joined()
    }

    /// Microseconds as `78 µs` or `1.23 ms`.
    static func time(_ microseconds: Double) -> String {
        microseconds < 1000 ? String(format: "%.0f µs", microseconds) : String(format: "%.2f ms", microseconds / 1000)
    }

    static func number(_ value: Double) -> String { String(format: "%.0f", value) }
    static func times(_ value: Double) -> String { String(format: "%.1f×", value) }
}
