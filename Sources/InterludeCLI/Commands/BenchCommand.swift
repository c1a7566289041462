import Configuration
import Foundation
import ZeroMQ

/// `interlude bench`: throughput, answer latency and the ZeroMQ floor, measured in one process on loopback.
struct BenchCommand: Command {
    let name = "bench"
    let summary = "Measure throughput and answer latency on this machine"
    let options: Set<String> = ["jobs", "in-flight", "capacity", "questions", "echoes", "timeout"]
    let flags: Set<String> = ["json"]
    let help = """
        Usage: interlude bench [--jobs N] [--in-flight K] [--capacity C] [--questions M] [--echoes E] [--timeout S] [--json]

        Starts a broker (journal in a temporary folder under TMPDIR, removed afterwards; a killed run
        leaves its interlude-bench-* folder) and a worker on loopback ports in this process, and measures:
          1. noop jobs per second and submit→succeeded latency, with synchronous=full and =normal;
          2. answer→succeeded latency of a job that asks one question (benchConfirm);
          3. the floor: a bare DEALER↔ROUTER echo with one message in flight.
          --jobs       noop jobs per journal mode (default 2000)
          --in-flight  jobs submitted and not yet succeeded, at most (default 64)
          --capacity   jobs the worker runs at once (default 8)
          --questions  questions asked and answered (default 200)
          --echoes     echo round trips (default 5000)
          --timeout    seconds each part may take at most (default 30)
          --json       print one JSON object instead of the table
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        _ = try arguments.positionals()
        let jobs = try Self.count(arguments, "jobs", default: 2000, upTo: 1_000_000)
        let inFlight = try Self.count(arguments, "in-flight", default: 64, upTo: 10_000)
        let capacity = try Self.count(arguments, "capacity", default: 8, upTo: 1_000)
        let questions = try Self.count(arguments, "questions", default: 200, upTo: 100_000)
        let echoes = try Self.count(arguments, "echoes", default: 5000, upTo: 10_000_000)
        let limit = Duration.seconds(try Self.count(arguments, "timeout", default: 30, upTo: 3600))
        let parameters = BenchReport.Parameters(jobs: jobs, inFlight: inFlight, capacity: capacity, questions: questions, echoes: echoes)
        let command = "\(CommandLine.arguments.first ?? "interlude") bench --jobs \(jobs) --in-flight \(inFlight) --capacity \(capacity) "
            + "--questions \(questions) --echoes \(echoes)\(arguments.has("json") ? " --json" : "")"
        do {
            let report = try await BenchRunner(parameters: parameters, limit: limit).run(command: command)
            if arguments.has("json") { Output.json(report) } else { print(report.text) }
            return ExitStatus.success
        } catch let failure as BenchFailure {
            printError("bench failed: \(failure)")
            return ExitStatus.failure
        }
    }

    private static func count(_ arguments: Arguments, _ name: String, default value: Int, upTo maximum: Int) throws -> Int {
        guard let text = arguments[name] else { return value }
        guard let number = Int(text), (1...maximum).contains(number) else { throw UsageError("--\(name) must be from 1 to \(maximum)") }
        return number
    }
}
