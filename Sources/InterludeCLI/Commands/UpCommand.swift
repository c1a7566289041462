import Broker
import Configuration
import Foundation
import Journal
import Lifecycle
import Log
import Operations
import WorkerRuntime
import ZeroMQ

struct UpCommand: Command {
    let name = "up"
    let summary = "Run the whole system in one process (broker, worker, gateway) on the embedded defaults"
    let flags: Set<String> = ["init"]
    let help = """
        Usage: interlude up [--init]

        Runs the broker, a worker and the HTTP gateway in one process until Ctrl-C (SIGINT) or SIGTERM,
        with the journal in `data` (SQLite, or the PostgreSQL database `journal` names) and everything
        on loopback. If the library folder (`library`) is empty or missing, a small demo library is
        created so every operation can be tried. Once all listen it prints where ("interlude is up."
        and a line per endpoint, ports resolved); on a signal it stops the webhook deliveries, the
        gateway, the worker and the broker, in that order. When something already listens where it
        would (another `interlude up`), it says which addresses and settings (clients, workers, events,
        http) and exits 1 before it creates anything.
        Then, in another terminal: interlude submit …, interlude pending, interlude answer …; or curl the
        JSON API at `http` (see `interlude gateway --help`), or open the web page there.
          --init  if the journal's file is empty or not a journal, set it aside and start a new one
        Settings: every key of config/interlude.json; see docs/configuration.md.
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        _ = try arguments.positionals()
        // Before anything is created: a second `up` beside a running one must leave this folder as it was.
        try EndpointsInUse.check(settings)
        let log = settings.log("up")
        let library = URL(fileURLWithPath: settings.library)
        if try DemoLibrary.create(at: library) { log.info("created a demo library in \(library.path)") }
        if try settings.linkKeys() == nil {
            let path = try settings.addLinkKey()
            log.info("made the answer link key file \(path)")
        }
        let context = try Context()
        let credentials = try Credentials(settings)
        let broker = try Services.broker(settings, context: context, credentials: credentials, initialize: arguments.has("init"))
        // Made as soon as the broker listens: a SIGHUP from then on rereads the keys, never ends the process.
        let reloader = KeyReloader(broker: broker, log: settings.log("broker"))
        // In one process, the worker and the gateway use the process's key; it must be listed with both roles.
        let localBroker = credentials.secretKey?.publicKey
        let worker = try Services.worker(
            settings, context: context, endpoint: broker.endpoints.workers, security: try credentials.brokerConnection(localBroker: localBroker))
        let gateway = try Services.Gateway(
            settings, clients: broker.endpoints.clients, events: broker.endpoints.events, localBroker: localBroker)
        var banner = Banner("interlude is up.")
        banner.row("clients", broker.endpoints.clients)
        banner.row("workers", broker.endpoints.workers, note: "\(settings.concurrency) job(s) at once in this process")
        banner.row("events", broker.endpoints.events)
        banner.row("gateway", gateway.url, note: "JSON API under /v1, web page at /")
        banner.row("journal", try settings.journalLocation.description)
        banner.row("library", library.path)
        banner.footer = [
            "Try: \(Invocation.command) submit removeDownload --input '{\"trackID\": \"t-101\", \"title\": \"Blue in Green\"}'",
            "Stop with Ctrl-C.",
        ]
        // Submits are refused until the worker's operations are announced: the banner waits for the broker to take them.
        let announced = WorkerProcess.announce(banner, when: worker, within: .seconds(10), log: log)
        defer { announced.cancel() }
        // Stopped in reverse: webhook deliveries, then HTTP, then the worker, and the broker last.
        return try await runServices([broker, reloader, worker] + gateway.services, log: log)
    }
}
