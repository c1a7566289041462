import Broker
import Configuration
import Foundation
import Journal
import Lifecycle
import Log
import Operations
import Presentation
import Wire
import WorkerKit
import WorkerMain
import WorkerRuntime
import ZeroMQ

/// Builds the long-running parts from settings, so `broker`, `worker` and `up` start them the same way.
enum Services {
    static func registry(_ settings: Settings) throws -> OperationRegistry {
        try ShippedOperations.registry(
            library: URL(fileURLWithPath: settings.library), exportReserveBytes: settings.exportReserveBytes,
            exportRoots: settings.exportRootFolders)
    }

    /// The broker links no operation: it knows those its workers announce, and is told the shipped
    /// operations' texts so no other announcement may claim them. With `initialize`, an empty or foreign
    /// file where the journal should be is set aside.
    static func broker(_ settings: Settings, context: Context, credentials: Credentials, initialize: Bool = false) throws -> BrokerService {
        try BrokerService(
            context: context,
            endpoints: BrokerEndpoints(clients: settings.clients, workers: settings.workers, events: settings.events),
            journal: try settings.journalLocation, replacingForeignJournal: initialize,
            settings: BrokerState.Settings(
                heartbeatInterval: settings.heartbeatInterval, liveness: settings.liveness, limits: settings.messageLimits,
                maxRedispatches: settings.maxRedispatches,
                reminderInterval: settings.reminderSeconds > 0 ? TimeInterval(settings.reminderSeconds) : nil,
                retention: settings.retentionSeconds ?? 0, catalogKeys: CatalogKeys(shipped: try registry(settings).announcements)),
            keys: try credentials.broker(settings),
            log: settings.log("broker"))
    }

    static func worker(_ settings: Settings, context: Context, endpoint: String, security: SocketSecurity) throws -> WorkerService {
        try WorkerProcess.service(try registry(settings), settings: settings, context: context, endpoint: endpoint, security: security)
    }
}

struct BrokerCommand: Command {
    let name = "broker"
    let summary = "Run the broker: queue, journal, questions, events"
    let flags: Set<String> = ["init"]
    let help = """
        Usage: interlude broker [--init]

        Runs the broker until SIGINT or SIGTERM. It listens for clients on `clients`, for workers on
        `workers`, publishes events on `events`, and keeps its journal in `data` (SQLite) or, when
        `journal` is a postgres:// URL, in that PostgreSQL database. On start it checks a SQLite
        journal (PRAGMA quick_check) and recovers every unfinished job and pending question from it;
        a job whose rows cannot be read is set aside (quarantined, see `interlude status`). An empty
        file, or one that is not an Interlude journal, where the journal should be is refused.
        Then it prints where it listens ("interlude broker is up." and a line per endpoint; a `*` port
        shows the port it got). On SIGINT or SIGTERM it finishes the turn in progress and stops.
        With curveSecretKeyFile and authorizedKeysFile every socket uses CURVE and admits only the
        listed keys, each to what its role allows; SIGHUP rereads authorizedKeysFile. Without keys the
        broker refuses to listen beyond loopback or ipc:// (see docs/security.md).
          --init  set such a file aside (journal.sqlite.replaced-<time>) and start a new journal
        Settings: data, journal, retention, clients, workers, events, heartbeatMs, liveness, synchronous, logLevel, maxMessageBytes,
        maxJsonDepth, maxJsonKeys, maxRedispatches, curveSecretKeyFile, authorizedKeysFile.
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        _ = try arguments.positionals()
        let broker = try Services.broker(
            settings, context: try Context(), credentials: try Credentials(settings), initialize: arguments.has("init"))
        // Made as soon as the broker listens: a SIGHUP from then on rereads the keys, never ends the process.
        let reloader = KeyReloader(broker: broker, log: settings.log("broker"))
        var banner = Banner("interlude broker is up.")
        banner.row("clients", broker.endpoints.clients)
        banner.row("workers", broker.endpoints.workers)
        banner.row("events", broker.endpoints.events)
        banner.row("journal", try settings.journalLocation.description)
        banner.row("keys", settings.curveSecretKeyFile.isEmpty ? "none (loopback only)" : "CURVE, admitting \(settings.authorizedKeysFile)")
        banner.write()
        return try await runServices([broker, reloader], log: settings.log("broker"))
    }
}

struct WorkerCommand: Command {
    let name = "worker"
    let summary = "Run a worker for the shipped operations"
    let options: Set<String> = ["concurrency"]
    let help = """
        Usage: interlude worker [--concurrency N]

        Runs a worker until SIGINT or SIGTERM: it connects to the broker's `workers` endpoint, announces
        the shipped operations (name, summary, input schema, texts), and runs up to N jobs at once on the
        library folder (`library`). It prints "interlude worker is up." once the broker has taken them.
        At most `maxSuspended` jobs waiting on a question stay suspended in its memory; past that the oldest
        is let go, and replayed from its history once answered.
          --concurrency  jobs at once (default: the `concurrency` setting, 4)
        Settings: workers, library, concurrency, heartbeatMs, liveness, exportReserveBytes, exportRoots, workerName, maxMessageBytes,
        maxSuspended, curveSecretKeyFile, brokerPublicKey.
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        _ = try arguments.positionals()
        var settings = settings
        if let text = arguments["concurrency"] {
            guard let value = Int(text), (1...1_000).contains(value) else { throw UsageError("--concurrency must be from 1 to 1000") }
            settings.concurrency = value
        }
        try await WorkerProcess.run(try Services.registry(settings), settings: settings)
        return ExitStatus.success
    }
}

/// Runs `services` as one group until SIGINT or SIGTERM (then they stop in reverse order) or until one
/// fails (then the others stop and the failure is thrown).
func runServices(_ services: [any Service], log: Log) async throws -> Int32 {
    try await ServiceGroup(services, log: log).run()
    return ExitStatus.success
}
