import Foundation

extension BenchReport {
    /// The readable table.
    var text: String {
        let p = parameters
        var lines = [
            "interlude bench — \(machine.date)",
            "machine  \(machine.system), \(machine.cores) core(s), load \(String(format: "%.2f", machine.load)) at start",
            "journal  temporary folders in \(machine.journalFolder), removed afterwards",
            "command  \(command)",
            "",
            "1. noop jobs through broker and worker: \(p.jobs) jobs, ≤\(p.inFlight) in flight, worker capacity \(p.capacity)",
            "   latency: submit sent → job.succeeded event received",
            "   " + Self.row(["synchronous", "jobs/s", "p50", "p99", "max"]),
        ]
        for run in throughput {
            lines.append("   " + Self.row([run.synchronous + (run.curve ? "+curve" : ""), Self.number(run.jobsPerSecond)] + [run.latency.p50, run.latency.p99, run.latency.max].map(Self.time)))
        }
        lines += [
            "   normal/full jobs/s: \(Self.times(ratios.normalOverFullJobsPerSecond))",
            "   full/full+curve jobs/s (CURVE's cost): \(Self.times(ratios.plainOverCurveJobsPerSecond))",
            "",
            "2. answer → job.succeeded: \(p.questions) benchConfirm questions, one at a time",
            "   ack: answer sent → its reply; asked: submit sent → presentation.pending received",
            "   " + Self.row(["synchronous", "p50", "p90", "p99", "max", "ack p50", "asked p50"]),
        ]
        for run in answers {
            let done = run.answerToSucceeded
            lines.append("   " + Self.row([run.synchronous] + [done.p50, done.p90, done.p99, done.max, run.answerAcknowledged.p50, run.submitToPending.p50].map(Self.time)))
        }
        lines += [
            "   full/normal answer p50: \(Self.times(ratios.fullOverNormalAnswerP50))",
            "",
            "3. floor: bare DEALER↔ROUTER echo, 1 in flight, \(echo.messageBytes)-byte messages, \(echo.roundTrips) round trips",
            "   p50 \(Self.time(echo.latency.p50))  p99 \(Self.time(echo.latency.p99))  \(Self.number(echo.perSecond)) round trips/s",
            "",
            "over the echo floor (p50, synchronous=full)",
            "   answer → job.succeeded          \(Self.times(ratios.answerOverEcho))",
            "   time per noop job (1 / jobs/s)  \(Self.times(ratios.perJobOverEcho))",
        ]
        return lines.joined(separator: "\n")
    }

    private static func row(_ cells: [String]) -> String {
        cells.enumerated().map { index, cell in
            index == 0 ? cell.padding(toLength: 12, withPad: " ", startingAt: 0) : String(repeating: " ", count: max(1, 11 - cell.count)) + cell
        }.joined()
    }

    /// Microseconds as `78 µs` or `1.23 ms`.
    private static func time(_ microseconds: Double) -> String {
        microseconds < 1000 ? String(format: "%.0f µs", microseconds) : String(format: "%.2f ms", microseconds / 1000)
    }

    private static func number(_ value: Double) -> String { String(format: "%.0f", value) }
    private static func times(_ value: Double) -> String { String(format: "%.1f×", value) }
}
