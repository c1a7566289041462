public import Foundation
public import Log
public import SQLite
import Wire

/// Every setting of Interlude, from `config/interlude.json` and then `INTERLUDE_…` environment variables.
///
/// A key `fooBar` is overridden by `INTERLUDE_FOO_BAR`. Unknown keys and bad values are errors that
/// name the key and where it came from; nothing starts on a half-read configuration.
public struct Settings: Sendable, Hashable {
    /// Folder of the SQLite journal (when `journal` is empty).
    public var data = "data"
    /// Folder the shipped operations act on.
    public var library = "library"
    /// Broker endpoint for clients (ROUTER).
    public var clients = "tcp://127.0.0.1:5570"
    /// Broker endpoint for workers (ROUTER).
    public var workers = "tcp://127.0.0.1:5571"
    /// Broker endpoint for events (PUB).
    public var events = "tcp://127.0.0.1:5572"
    /// Gateway address, `host:port`.
    public var http = "127.0.0.1:8080"
    /// Jobs a worker runs at once.
    public var concurrency = 4
    /// Heartbeat interval between broker and workers, in milliseconds.
    public var heartbeatMs = 1_000
    /// Missed heartbeats before a peer is declared dead.
    public var liveness = 3
    /// SQLite `synchronous` of the journal and the outbox: `full` (default) or `normal`.
    public var synchronous = Synchronous.full
    /// Bytes an export must leave free on its destination.
    public var exportReserveBytes: Int64 = 0
    /// `debug`, `info`, `warning`, `error` or `off`.
    public var logLevel = "info"
    /// Name a worker announces; empty means host name and process id.
    public var workerName = ""
    /// How long a command waits for the broker, in milliseconds.
    public var requestTimeoutMs = 5_000
    /// Standard Webhooks secret (`whsec_…`) that incoming webhooks must be signed with; empty refuses them.
    public var incomingSecret = ""
    /// One outgoing webhook subscriber's URL (besides those in `webhooksFile`).
    public var webhookUrl = ""
    /// That subscriber's signing secret (`whsec_…`).
    public var webhookSecret = ""
    /// Event types sent to that subscriber, comma-separated.
    public var webhookEvents = "presentation.pending,presentation.resolved,job.succeeded,job.failed,job.cancelled"
    /// JSON file listing outgoing webhook subscribers: `[{"url", "secret", "events"}]`.
    public var webhooksFile = "config/webhooks.json"
    /// Attempts per outgoing delivery before it is dead-lettered.
    public var webhookMaxAttempts = 8
    /// First retry delay of an outgoing delivery, in milliseconds; doubles each attempt, with jitter.
    public var webhookBackoffMs = 1_000
    /// Timeout of one outgoing delivery, in milliseconds.
    public var webhookTimeoutMs = 5_000
    /// JSON file of API tokens: `[{"name", "token", "scopes": ["submit", "answer", "read"]}]`.
    public var tokensFile = "config/tokens.json"
    /// API tokens inline: `name:token:scope+scope,…` (for docker-compose and tests).
    public var tokens = ""
    /// Base URL the gateway is reached at, for links in webhooks; empty means `http://<http>`.
    public var publicUrl = ""
    /// The file of the keys answer links are signed with; empty means `<data>/link.keys`.
    public var linkKeyFile = ""
    /// How long a replaced answer link key still verifies, in seconds.
    public var linkKeyGraceSeconds = 604_800
    /// The SMTP server questions are mailed through (`smtp://host:port`, `smtps://host:port`); empty mails nothing.
    public var mailUrl = ""
    /// STARTTLS on `smtp://`: `starttls` (required) or `none`.
    public var mailSecurity = MailSecurity.starttls
    /// The sender's address of every mail.
    public var mailFrom = ""
    /// The SMTP AUTH user; empty sends no AUTH.
    public var mailUser = ""
    /// The file holding the SMTP AUTH password (its first line).
    public var mailPasswordFile = ""
    /// A PEM file of the certificate authorities trusted for the SMTP server, instead of the system's.
    public var mailCaFile = ""
    /// JSON file of the people mail goes to: `{"people": {"ana": {"email", "language"}}}`.
    public var peopleFile = "config/people.json"
    /// People mailed about a question that names no audience, comma-separated; empty: nobody.
    public var mailNoAudienceTo = ""
    /// The events mailed, comma-separated.
    public var mailEvents = "presentation.pending,presentation.reminder,presentation.resolved,presentation.approved,presentation.escalated"
    /// Attempts per mail before it is dead-lettered.
    public var mailMaxAttempts = 8
    /// First retry delay of a mail, ms; doubles each attempt, with jitter.
    public var mailBackoffMs = 5_000
    /// Timeout of one SMTP session, ms.
    public var mailTimeoutMs = 30_000
    /// Largest JSON body of any message between processes, in bytes; every other size limit derives from it.
    public var maxMessageBytes = 1_048_576
    /// Deepest nesting of arrays and objects accepted in any JSON body.
    public var maxJsonDepth = 64
    /// Most keys one JSON object may have.
    public var maxJsonKeys = 1_000
    /// A job handed out again more often than this, because its worker was lost, fails as `poisoned`.
    public var maxRedispatches = 10

    // Trust (docs/security.md).
    /// This process's CURVE secret key file (`interlude keygen`); set, every ZeroMQ socket uses CURVE.
    public var curveSecretKeyFile = ""
    /// The broker's CURVE public key (40 Z85 characters, or the path of its `.pub` file), for everything that connects to it.
    public var brokerPublicKey = ""
    /// On the broker: the file of admitted keys, lines `ROLE NAME PUBLIC_KEY [GROUP,…]`; reread on SIGHUP.
    public var authorizedKeysFile = ""
    /// Folders `exportProject` may write into, comma-separated; empty means the library's `exports/`.
    public var exportRoots = ""
    /// Origins of other web sites allowed to call the gateway's API from a browser (CORS), comma-separated.
    public var allowedOrigins = ""

    // People around a job (docs/configuration.md).
    /// How log lines are written: `text` or `json` (one object a line, with `job`, `presentation`, `operation`).
    public var logFormat = "text"
    /// Seconds between `presentation.reminder` events for a question still waiting; 0 sends none.
    public var reminderSeconds = 3_600

    // Past one machine (docs/scaling.md).
    /// Where the journal lives: empty means `<data>/journal.sqlite`; a `postgres://` or `postgresql://` URL
    /// means that PostgreSQL database, which several brokers may share (one active at a time).
    public var journal = ""
    /// How long finished jobs, their questions, steps and timeline, and events are kept before the broker
    /// prunes them: a duration such as `7d` or `12h`; `0` keeps everything.
    public var retention = "7d"

    // Speed at scale (docs/benchmarks.md, benchmarks/HISTORY.md).
    /// Tasks one worker keeps suspended on a question; beyond it the oldest is let go and replayed from its history when answered.
    public var maxSuspended = 1_000

    // Connections (docs/configuration.md).
    /// Connections the gateway serves at once for every path; a few more are kept for `/healthz` and `/metrics`,
    /// and past it every other request gets 503 `tooManyConnections`.
    public var httpConnectionLimit = 256
    /// Seconds a gateway connection may send nothing (idle, or half-open in the middle of a request) before it is closed.
    public var httpIdleTimeoutSeconds = 60

    // Keeping up (docs/benchmarks.md, benchmarks/HISTORY.md).
    /// Outgoing webhook attempts in flight at once to one endpoint; deliveries may then arrive out of event order
    /// (receivers order by `data.sequence`). 1 delivers strictly one at a time in event order.
    public var webhookInFlight = 8

    public init() {}

    /// The keys, in the order the documentation lists them.
    public static let keys = table.map(\.key)

    /// Keys whose values are secrets: never printed or logged.
    public static let secretKeys = Set(table.filter(\.isSecret).map(\.key))

    /// The environment variable that overrides `key`: `heartbeatMs` → `INTERLUDE_HEARTBEAT_MS`.
    public static func environmentName(_ key: String) -> String {
        var name = "INTERLUDE_"
        for character in key {
            if character.isUppercase { name += "_" }
            name += character.uppercased()
        }
        return name
    }

    /// `allowedOrigins` as a list.
    public var allowedOriginList: [String] {
        allowedOrigins.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether `text` is `http(s)://host[:port]` and nothing more.
    static func isOrigin(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty
        else { return false }
        return (url.path.isEmpty || url.path == "/") && url.query == nil && url.fragment == nil && url.user == nil
    }

    /// `exportRoots` as folders; empty when the library's `exports/` applies.
    public var exportRootFolders: [URL] {
        exportRoots.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .map { URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// The heartbeat interval in seconds.
    public var heartbeatInterval: TimeInterval { Double(heartbeatMs) / 1000 }

    /// `retention` in seconds, 0 when everything is kept; nil when it is not a duration.
    public var retentionSeconds: TimeInterval? {
        retention.trimmingCharacters(in: .whitespaces) == "0" ? 0 : DurationText.seconds(retention)
    }

    /// The log for a component at the configured level.
    public func log(_ component: String) -> Log {
        Log(component, level: Log.Level(name: logLevel) ?? .info, format: Log.Format(rawValue: logFormat) ?? .text)
    }

    /// This worker's name: the configured one, or host and process id.
    public var resolvedWorkerName: String {
        workerName.isEmpty ? "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)" : workerName
    }
}
