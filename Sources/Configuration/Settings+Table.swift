import Log
import SQLite

extension Settings {
    /// Every setting, in the order the documentation lists them. Beside its row a setting has only its
    /// property (which holds its default); tests keep `config/interlude.json` and docs/configuration.md equal to this.
    public static let table: [Setting] = [
        .text(
            "data", \.data, problem: { $0.data.isEmpty ? "must not be empty" : nil },
            "Folder of the journal (journal.sqlite, SQLite in WAL mode)."),
        .text(
            "library", \.library, problem: { $0.library.isEmpty ? "must not be empty" : nil },
            "Folder the shipped operations act on; `interlude up` fills an empty one with a demo library."),
        .text(
            "clients", \.clients, problem: { Settings.endpointListProblem($0.clients) },
            "Broker endpoint for clients (CLI, resolvers, gateway): ZeroMQ ROUTER. Clients accept a comma-separated list of brokers sharing one journal and follow the active one."
        ),
        .text(
            "workers", \.workers, problem: { Settings.endpointListProblem($0.workers) },
            "Broker endpoint for workers: ZeroMQ ROUTER. The broker binds it; workers connect to it (a comma-separated list: several brokers, the active one followed)."
        ),
        .text(
            "events", \.events, problem: { Settings.endpointListProblem($0.events) },
            "Broker endpoint for events: ZeroMQ PUB. Subscribers accept a comma-separated list."),
        .text(
            "http", \.http,
            problem: { (try? Settings.hostAndPort($0.http)) == nil ? "expected host:port with a port from 0 to 65535, got \"\($0.http)\"" : nil },
            "Gateway address host:port (loopback by default)."),
        .number(
            "concurrency", \.concurrency, 1...1_000,
            "Jobs one worker runs at once (1-1000)."),
        .number(
            "heartbeatMs", \.heartbeatMs, 10...60_000,
            "Heartbeat interval between broker and workers, milliseconds (10-60000)."),
        .number(
            "liveness", \.liveness, 1...100,
            "Heartbeats a peer may miss before it is declared dead (1-100)."),
        .choice(
            "synchronous", \.synchronous, Synchronous.settings,
            "SQLite synchronous mode: full (default, survives power loss) or normal (survives a process crash)."),
        .number(
            "exportReserveBytes", \.exportReserveBytes, 0...Int64.max, problem: "must not be negative",
            "Bytes exportProject must leave free on its destination."),
        .text(
            "logLevel", \.logLevel, problem: { Log.Level(name: $0.logLevel) == nil ? "must be debug, info, warning, error or off" : nil },
            "debug, info, warning, error or off."),
        .text(
            "workerName", \.workerName, shownDefault: "host-pid", problem: { Settings.workerNameProblem($0.workerName) },
            "Name a worker announces; empty means host name and process id."),
        .number(
            "requestTimeoutMs", \.requestTimeoutMs, 1...Int.max, problem: "must be positive",
            "How long a CLI command waits for the broker, milliseconds."),
        .text(
            "incomingSecret", \.incomingSecret, privacy: .secret,
            "Standard Webhooks secret (whsec_...) incoming webhooks must be signed with; empty refuses them. Secret: never logged."),
        .text(
            "webhookUrl", \.webhookUrl,
            "One outgoing webhook subscriber URL, besides webhooksFile."),
        .text(
            "webhookSecret", \.webhookSecret, privacy: .secret,
            problem: { !$0.webhookUrl.isEmpty && $0.webhookSecret.isEmpty ? "webhookUrl needs a webhookSecret" : nil },
            "That subscriber's signing secret (whsec_...). Secret."),
        .text(
            "webhookEvents", \.webhookEvents,
            "Event types sent to that subscriber, comma-separated."),
        .text(
            "webhooksFile", \.webhooksFile,
            "JSON file of outgoing subscribers: [{\"url\", \"secret\", \"events\"}]; optional."),
        .number(
            "webhookMaxAttempts", \.webhookMaxAttempts, 1...100,
            "Attempts per outgoing delivery before it is dead-lettered."),
        .number(
            "webhookBackoffMs", \.webhookBackoffMs, 1...3_600_000,
            "First retry delay of a delivery, ms; doubles each attempt, with jitter."),
        .number(
            "webhookTimeoutMs", \.webhookTimeoutMs, 1...600_000,
            "Timeout of one delivery, ms."),
        .text(
            "tokensFile", \.tokensFile,
            "JSON file of API tokens: [{\"name\", \"token\", \"scopes\": [\"submit\", \"answer\", \"read\", \"link\"]}]; optional."),
        .text(
            "tokens", \.tokens, privacy: .secret,
            "API tokens inline: name:token:scope+scope,... Secret."),
        .text(
            "publicUrl", \.publicUrl, shownDefault: "`http://<http>`",
            "Base URL the gateway is reached at, for links in webhooks; empty means http://<http>."),
        .text(
            "linkKeyFile", \.linkKeyFile, shownDefault: "`<data>/link.keys`",
            "File of the keys answer links are signed with, one `<created seconds> <base64 key>` a line, newest last; `interlude up` makes it when missing, `interlude keygen --link-key` adds a key, which the gateway reads on SIGHUP. The file is secret (mode 0600); without it there are no links."
        ),
        .number(
            "linkKeyGraceSeconds", \.linkKeyGraceSeconds, 0...7_776_000,
            "How long a replaced answer link key still verifies, seconds (0-7776000, 90 days)."),
        .text(
            "mailUrl", \.mailUrl, problem: { Settings.mailURLProblem($0) },
            "SMTP server questions are mailed through: smtp://host:port or smtps://host:port; empty mails nothing. See docs/email.md."),
        .choice(
            "mailSecurity", \.mailSecurity, MailSecurity.allCases,
            "STARTTLS on smtp://: starttls (required) or none (plain, for a relay on loopback); smtps:// is always TLS."),
        .text(
            "mailFrom", \.mailFrom,
            problem: { !$0.mailUrl.isEmpty && !Settings.isMailAddress($0.mailFrom) ? "mailUrl needs a mailFrom address such as interlude@example.com" : nil },
            "The sender's address of every mail (From and the envelope)."),
        .text(
            "mailUser", \.mailUser,
            "SMTP AUTH user; empty sends no AUTH."),
        .text(
            "mailPasswordFile", \.mailPasswordFile,
            problem: { !$0.mailUser.isEmpty && $0.mailPasswordFile.isEmpty ? "mailUser needs a mailPasswordFile" : nil },
            "File whose first line is the SMTP AUTH password (mode 0600); never logged, never on a command line."),
        .text(
            "mailCaFile", \.mailCaFile,
            "PEM file of the certificate authorities trusted for the SMTP server's certificate, instead of the system's; empty: the system's."),
        .text(
            "peopleFile", \.peopleFile,
            "JSON file of the people mail goes to: {\"people\": {\"NAME\": {\"email\", \"language\"}}}; a missing file means nobody."),
        .text(
            "mailNoAudienceTo", \.mailNoAudienceTo,
            "People (names of peopleFile) mailed about a question that names no audience, comma-separated; empty: nobody."),
        .text(
            "mailEvents", \.mailEvents, problem: { Settings.mailEventsProblem($0.mailEvents) },
            "Events mailed, comma-separated: presentation.pending, presentation.reminder, presentation.resolved, presentation.approved, presentation.escalated."
        ),
        .number(
            "mailMaxAttempts", \.mailMaxAttempts, 1...100,
            "Attempts per mail before it is dead-lettered."),
        .number(
            "mailBackoffMs", \.mailBackoffMs, 1...3_600_000,
            "First retry delay of a mail, ms; doubles each attempt, with jitter, at most an hour."),
        .number(
            "mailTimeoutMs", \.mailTimeoutMs, 1...600_000,
            "Timeout of one SMTP session, ms."),
        .number(
            "maxMessageBytes", \.maxMessageBytes, 64 << 10...64 << 20,
            "Largest JSON body of any message between processes, bytes (65536-67108864). Every other size limit derives from it: inputs a quarter, questions, step values and outputs an eighth, HTTP bodies an input plus 16 KiB; every list reply is paged to fit. Use the same value everywhere."
        ),
        .number(
            "maxJsonDepth", \.maxJsonDepth, 2...512,
            "Deepest nesting of arrays and objects accepted in any JSON body (2-512); deeper is refused before decoding."),
        .number(
            "maxJsonKeys", \.maxJsonKeys, 1...100_000,
            "Most keys one JSON object may have (1-100000); more is refused before decoding."),
        .number(
            "maxRedispatches", \.maxRedispatches, 1...1_000,
            "A job handed out again more often than this because its worker was lost fails as poisoned (1-1000)."),
        .text(
            "curveSecretKeyFile", \.curveSecretKeyFile,
            "This process's CURVE secret key file (interlude keygen NAME writes NAME.key, mode 0600); set, every ZeroMQ socket uses CURVE. See docs/security.md."
        ),
        .text(
            "brokerPublicKey", \.brokerPublicKey,
            "The broker's CURVE public key (40 Z85 characters, or the path of its .pub file), for clients, workers, resolvers and the gateway."),
        .text(
            "authorizedKeysFile", \.authorizedKeysFile,
            "On the broker: lines ROLE NAME PUBLIC_KEY [GROUP,...], roles worker, client, answerer, gateway; reread on SIGHUP."),
        .text(
            "exportRoots", \.exportRoots, shownDefault: "`<library>/exports`",
            "Folders exportProject may write archives into, comma-separated; empty means the library's exports/. A destination elsewhere makes the job ask whether to use the first one instead."
        ),
        .text(
            "allowedOrigins", \.allowedOrigins, problem: { Settings.originsProblem($0.allowedOriginList) },
            "Origins of other web sites (scheme://host[:port], comma-separated) allowed to call the gateway's API from a browser; empty keeps CORS closed."),
        .text(
            "logFormat", \.logFormat, problem: { Log.Format(rawValue: $0.logFormat) == nil ? "must be text or json" : nil },
            "How log lines are written: text, or json (one object a line with at, level, component, message, and job, presentation, operation where they apply); --log-format overrides it."
        ),
        .number(
            "reminderSeconds", \.reminderSeconds, 0...31_622_400, problem: "must be from 0 (none) to 31622400 (a year)",
            "Seconds between presentation.reminder events for a question still waiting (published, journaled, and sent to webhook subscribers that list the type); 0 sends none."
        ),
        .text(
            "journal", \.journal, privacy: .passwordInURL, problem: { Settings.journalProblem($0.journal) },
            "Where the journal lives: empty means data/journal.sqlite (SQLite); a postgres:// or postgresql:// URL means that PostgreSQL database, which several brokers may share, one active at a time (docs/scaling.md). The password is never printed."
        ),
        .text(
            "retention", \.retention, problem: { $0.retentionSeconds == nil ? "must be 0 (keep everything) or a duration such as 7d, 12h or 30m" : nil },
            "How long finished jobs (with their questions, steps and timeline) and events are kept before the broker prunes them in the background: a duration such as 7d, 12h or 30m; 0 keeps everything. interlude journal prune does it by hand."
        ),
        .number(
            "maxSuspended", \.maxSuspended, 1...10_000_000,
            "Jobs one worker keeps suspended in memory while they wait on a question (1-10000000); beyond it the oldest is let go and, once answered, replayed from its journaled history on any worker."
        ),
        .number(
            "httpConnectionLimit", \.httpConnectionLimit, 1...10_000,
            "Connections the gateway serves at once (1-10000); 8 more are accepted for /healthz and /metrics only, and past the limit every other request gets 503 tooManyConnections."
        ),
        .number(
            "httpIdleTimeoutSeconds", \.httpIdleTimeoutSeconds, 1...3_600,
            problem: "must be from 1 to 3600 seconds; a connection that sends nothing is always closed in the end",
            "Seconds a gateway connection may send nothing (idle, or half-open in the middle of a request) before it is closed (1-3600); event streams stay open (they send a comment at least twice per timeout)."
        ),
        .number(
            "webhookInFlight", \.webhookInFlight, 1...256,
            "Outgoing webhook attempts in flight at once to one endpoint (1-256). With more than one, deliveries to one endpoint may arrive out of event order: they start in event order and after a failed attempt start no later one until it is delivered or dead-lettered, so at most webhookInFlight - 1 later events arrive ahead of it. Receivers order by data.sequence and drop repeats by webhook-id. 1 sends strictly one at a time in event order."
        ),
    ]

    /// The rows by key.
    static let rows: [String: Setting] = Dictionary(uniqueKeysWithValues: table.map { ($0.key, $0) })
}
