import Configuration
import Foundation
import InterludeCLI
import Lifecycle
import PostgreSQL
import Wire

/// `interlude-bench`: throughput, answer latency, the ZeroMQ floor, parked jobs and webhooks, measured on
/// loopback. A tool of its own beside `interlude`, whose processes it runs; the production binary does not
/// carry it.
public enum BenchCommand {
    /// Options that take a value.
    static let options: Set<String> = [
        "jobs", "in-flight", "capacity", "questions", "echoes", "timeout", "parked", "parked-in-flight", "parked-timeout", "idle",
        "webhooks", "peers", "postgres",
        "webhook-in-flight", "input-bytes", "interlude", "bulk-jobs", "bulk-batch",
    ]
    /// Options that take none.
    static let flags: Set<String> = ["json"]
    static let help = """
        Usage: interlude-bench [--jobs N] [--in-flight K] [--capacity C] [--questions M] [--echoes E] [--timeout S]
                              [--parked P] [--parked-in-flight W] [--parked-timeout S] [--idle S] [--webhooks H]
                              [--peers FILE] [--postgres URL] [--json] [--webhook-in-flight F]
                              [--input-bytes B] [--interlude PATH] [--bulk-jobs N] [--bulk-batch B]

        Measures on loopback, each system on a fresh journal in a temporary folder under TMPDIR (removed
        afterwards; a failed run keeps it, with the processes' logs, and says where):
          1. the floor: a bare DEALER↔ROUTER echo and one hop through zmq_proxy, 1 and K in flight;
          2. noop jobs per second and submit→succeeded latency with the broker, 2 workers and this client as
             separate processes (`interlude broker`, `interlude worker`), then in this one process with
             synchronous=full and =normal, and with synchronous=full over CURVE (every socket encrypted, the
             broker's ZAP handler admitting the key: CURVE's cost), and with --postgres on that PostgreSQL
             journal (a schema of its own, dropped afterwards); M noop jobs one at a time;
             answer→succeeded latency of M questions;
             bulk: N noop jobs submitted B to a submitMany, 4 batches in flight, on the same separate processes
             (jobs/s and the broker's journal commits per job); the gateway: min(N, 10 × jobs) noop jobs
             accepted by single POST /v1/operations, K in flight, then by POST /v1/operations/batch, B a request;
          3. webhooks: H noop jobs while a gateway delivers each job.succeeded to a local receiver;
          4. parked: P jobs each waiting on a question at once: memory, idle CPU, the pending list, and the
             recovery of a broker killed with SIGKILL. Each phase is bounded and reports how far it got.
        benchmarks/run.sh runs this beside the peers (Majortomo, PgQueuer) and passes their figures in --peers,
        and its private PostgreSQL 15 in --postgres.
          --jobs              noop jobs per throughput row (default 2000)
          --in-flight         jobs submitted and not yet succeeded, at most (default 64)
          --capacity          jobs each worker runs at once (default --in-flight ÷ 2: the window fits in the
                              two workers' slots)
          --questions         questions answered, and noop jobs run one at a time (default 200)
          --echoes            floor round trips (default 5000)
          --timeout           seconds each part may take at most (default 30)
          --parked            jobs parked at once; 0 skips the scenario (default 100000)
          --parked-in-flight  jobs submitted and not yet parked, at most (default 256)
          --parked-timeout    seconds parking may take before the rest is measured (default 300)
          --idle              seconds the idle broker's CPU is sampled (default 5)
          --webhooks          jobs in the webhooks scenario; 0 skips it (default 2000)
          --peers             JSON file of the peers' figures from the same run (written by benchmarks/run.sh)
          --postgres          a PostgreSQL URL: adds the one-process row with the journal there (one+postgres)
          --json              print one JSON object instead of the report
          --webhook-in-flight the gateway's webhookInFlight in the webhooks scenario (default 8, its default)
          --input-bytes       the size of each throughput job's input: an object of records (default 2: {})
          --bulk-jobs         jobs in the bulk rows; 0 skips them (default 20000)
          --bulk-batch        jobs in one submitMany or batch POST (default 1000, at most 1000)
          --interlude         the interlude executable the separate processes run (default: the one beside
                              this executable)
        """

    /// Runs with the process's arguments and exits.
    public static func main() async -> Never {
        // A write to a closed pipe or socket must fail with EPIPE, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        Heap.keepHeadroom()
        exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs a command line and returns the exit status (also used by tests).
    package static func run(_ words: [String]) async -> Int32 {
        do {
            let arguments = try Arguments(words, options: options, flags: flags)
            if arguments.has("help") {
                print(help)
                return ExitStatus.success
            }
            return try await run(arguments)
        } catch let error as UsageError {
            printError("\(error)\n\n\(help)")
            return ExitStatus.usage
        } catch {
            printError("\(error)")
            return ExitStatus.failure
        }
    }

    static func run(_ arguments: Arguments) async throws -> Int32 {
        _ = try arguments.positionals()
        let parameters = try Self.parameters(arguments)
        let limit = Duration.seconds(try Self.count(arguments, "timeout", default: 30, upTo: 3600))
        let peers = try arguments["peers"].map { try Peers.load($0) }
        let postgres = try arguments["postgres"].map { text in
            do { return try PostgresURL(text) } catch { throw UsageError("--postgres: \(error)") }
        }
        let executable = try Self.interlude(arguments)
        do {
            let report = try await BenchRunner(parameters: parameters, limit: limit, executable: executable, peers: peers, postgres: postgres)
                .run(command: Self.command(parameters, limit: limit, arguments: arguments))
            if arguments.has("json") { Output.json(report) } else { print(report.text) }
            return ExitStatus.success
        } catch let failure as BenchFailure {
            printError("bench failed: \(failure)")
            return ExitStatus.failure
        }
    }

    /// The `interlude` executable: `--interlude PATH`, or the one in this executable's folder.
    static func interlude(_ arguments: Arguments) throws(UsageError) -> URL {
        let url: URL
        if let path = arguments["interlude"] {
            url = URL(fileURLWithPath: path)
        } else {
            guard let bench = Bundle.main.executableURL else { throw UsageError("cannot tell where this executable is; give --interlude PATH") }
            url = bench.deletingLastPathComponent().appendingPathComponent("interlude")
        }
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw UsageError("no interlude executable at \(url.path); build it (swift build --product interlude) or give --interlude PATH")
        }
        return url
    }

    /// The figures the command line asks for, each checked against its range (a usage error names the option,
    /// its range and what was given).
    static func parameters(_ arguments: Arguments) throws(UsageError) -> BenchReport.Parameters {
        let inFlight = try Self.count(arguments, "in-flight", default: 64, upTo: 10_000)
        let workers = 2
        return BenchReport.Parameters(
            jobs: try Self.count(arguments, "jobs", default: 2000, upTo: 1_000_000),
            inFlight: inFlight,
            // The window fits in the workers' slots: a job of it waits for the broker, never for a free slot.
            capacity: try Self.count(arguments, "capacity", default: min(1_000, max(1, inFlight / workers)), upTo: 1_000),
            questions: try Self.count(arguments, "questions", default: 200, upTo: 100_000),
            echoes: try Self.count(arguments, "echoes", default: 5000, upTo: 10_000_000),
            workers: workers,
            parked: try Self.count(arguments, "parked", default: 100_000, from: 0, upTo: 1_000_000),
            parkedInFlight: try Self.count(arguments, "parked-in-flight", default: 256, upTo: 10_000),
            parkedLimitSeconds: try Self.count(arguments, "parked-timeout", default: 300, upTo: 86_400),
            idleSeconds: try Self.count(arguments, "idle", default: 5, upTo: 3600),
            webhooks: try Self.count(arguments, "webhooks", default: 2000, from: 0, upTo: 1_000_000),
            webhookInFlight: try Self.count(arguments, "webhook-in-flight", default: Settings().webhookInFlight, upTo: 256),
            inputBytes: try Self.count(
                arguments, "input-bytes", default: 2, from: 2, upTo: BenchInput.largest,
                why: " (a job's input may take at most \(MessageLimits.standard.inputBytes) bytes, a quarter of maxMessageBytes)"),
            bulkJobs: try Self.count(arguments, "bulk-jobs", default: 20_000, from: 0, upTo: 10_000_000),
            bulkBatch: try Self.count(arguments, "bulk-batch", default: 1_000, upTo: ClientRequest.SubmitMany.maxItems))
    }

    /// The command line with every value spelled out, for the report.
    private static func command(_ p: BenchReport.Parameters, limit: Duration, arguments: Arguments) -> String {
        var parts = [
            CommandLine.arguments.first ?? "interlude-bench", "--jobs \(p.jobs)", "--in-flight \(p.inFlight)", "--capacity \(p.capacity)",
            "--questions \(p.questions)", "--echoes \(p.echoes)", "--timeout \(limit.components.seconds)", "--parked \(p.parked)",
            "--parked-in-flight \(p.parkedInFlight)", "--parked-timeout \(p.parkedLimitSeconds)", "--idle \(p.idleSeconds)",
            "--webhooks \(p.webhooks)", "--webhook-in-flight \(p.webhookInFlight)", "--input-bytes \(p.inputBytes)",
            "--bulk-jobs \(p.bulkJobs)", "--bulk-batch \(p.bulkBatch)",
        ]
        if arguments["peers"] != nil { parts.append("--peers FILE") }
        if arguments["postgres"] != nil { parts.append("--postgres URL") }
        if arguments.has("json") { parts.append("--json") }
        return parts.joined(separator: " ")
    }

    /// The whole number given as `--name`, or `value` when it is not given; anything else (not a number, out of
    /// range) is a usage error that says what was given and, with `why`, why the range ends where it does.
    static func count(
        _ arguments: Arguments, _ name: String, default value: Int, from minimum: Int = 1, upTo maximum: Int, why: String = ""
    ) throws(UsageError) -> Int {
        guard let text = arguments[name] else { return value }
        guard let number = Int(text), (minimum...maximum).contains(number) else {
            throw UsageError("--\(name) must be a whole number from \(minimum) to \(maximum)\(why), got \"\(Output.safe(text, multiline: false))\"")
        }
        return number
    }
}
