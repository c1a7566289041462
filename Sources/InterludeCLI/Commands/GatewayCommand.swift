import Client
import Configuration
import Gateway
import Lifecycle
import Mail
import Synchronization
import Webhooks
import ZeroMQ

extension Services {
    /// The gateway, its outgoing-webhook dispatcher and its mail notifier (when `mailUrl` is set), run together.
    struct Gateway: Sendable {
        let service: GatewayService
        let dispatcher: WebhookDispatcher
        let mail: MailNotifier?
        let reloader: TokenReloader

        /// Starts both; `up` passes the endpoints its in-process broker actually bound, and that broker's key.
        init(_ settings: Settings, clients: String? = nil, events: String? = nil, localBroker: CurvePublicKey? = nil) throws {
            var configuration = try settings.gatewayConfiguration()
            if let clients { configuration.broker.clients = clients }
            if let events { configuration.broker.events = events }
            configuration.broker.security = ConnectionSecurity(try Credentials(settings).brokerConnection(localBroker: localBroker))
            try configuration.validate()
            let connection = try BrokerConnection(configuration.broker)
            let dispatcher = try WebhookDispatcher(
                subscribers: settings.webhookSubscribers(), options: settings.webhookOptions, source: connection, log: settings.log("webhooks"))
            // The notifier needs the service's token groups and the service its notifier's /metrics lines: each finds the other here.
            let late = Late()
            let service = try GatewayService(
                configuration: configuration, connection: connection, webhooks: dispatcher, metricsProviders: [{ late.mail?.metricsText() ?? "" }])
            let mail = try settings.mailNotifier(
                source: connection, groups: { [weak service] name in service?.groups(of: name) ?? [] },
                keys: { [weak service] in service?.currentLinkKeys })
            late.mail = mail
            // Without a publicUrl, answer links use the address the gateway actually listens on.
            if settings.publicUrl.isEmpty {
                dispatcher.publicURL = service.url
                mail?.publicURL = service.url
            }
            self.service = service
            self.dispatcher = dispatcher
            self.mail = mail
            reloader = TokenReloader(gateway: service, settings: settings)
        }

        /// Where the gateway serves.
        var url: String { service.url }

        /// The services to run, in start order: HTTP, then deliveries and mail (which stop first), then the SIGHUP token reloader.
        var services: [any Service] { [service, dispatcher] + (mail.map { [$0] } ?? []) + [reloader] }
    }
}

/// The mail notifier, known once it is made after the gateway that reports its figures.
private final class Late: Sendable {
    private let held = Mutex<MailNotifier?>(nil)

    /// The notifier, once set.
    var mail: MailNotifier? {
        get { held.withLock { $0 } }
        set { held.withLock { $0 = newValue } }
    }
}

struct GatewayCommand: Command {
    let name = "gateway"
    let summary = "Run the HTTP gateway: JSON API, signed webhooks in and out, live events, the web page"
    let help = """
        Usage: interlude gateway

        Runs the HTTP gateway until SIGINT or SIGTERM; once listening it prints "interlude gateway is up."
        and its URL (port 0 in `http` shows the port it got). It listens on `http` (host:port) and talks to the
        broker at `clients` and `events`. It serves the JSON API under /v1 (operations, jobs,
        presentations and their answers, Server-Sent Events at /v1/events), signed incoming webhooks at
        POST /v1/webhooks/operations, /healthz, /metrics, the OpenAPI document at /v1/openapi.json and
        the web page at /; and it delivers events to the outgoing webhook subscribers (webhookUrl,
        webhooksFile) from a durable outbox in `data`; with mailUrl it mails questions to the people
        of their audience (peopleFile) with answer links, from a durable outbox in `data` (docs/email.md).
        Authentication: bearer tokens with scopes submit, answer and read, from `tokensFile` (JSON
        [{"name", "token", "scopes"}]) and `tokens` (name:token:scope+scope,…). With no tokens the API is
        open, which is allowed on a loopback address only; on any other address the gateway refuses to
        start. SIGHUP rereads the tokens and the answer link keys (linkKeyFile); an event stream of a removed token ends. Incoming webhooks need `incomingSecret` (whsec_…); without it they are refused with 401.
        It answers only requests addressed to publicUrl's host or a loopback name (421 otherwise); a
        POST must be application/json (415); a state-changing request from another site's page is
        refused (403) unless allowedOrigins lists that origin, which also gets CORS headers.
        It serves httpConnectionLimit connections at once; past it only /healthz and /metrics are
        answered (on 8 more kept for them) and every other request gets 503 tooManyConnections. A
        connection that sends nothing for httpIdleTimeoutSeconds is closed, and so is one whose request
        head is not in within 10 s of its first byte or whose body is not in 30 s after the head.
        A request with ambiguous framing (two Content-Lengths, Transfer-Encoding other than chunked or
        beside Content-Length, two Hosts, a Host that is no host[:port]) gets 400 and is closed.
        With curveSecretKeyFile and brokerPublicKey it talks to the broker over CURVE; its key needs the
        gateway role there, which lets it answer under its callers' token names.
        Settings: http, httpConnectionLimit, httpIdleTimeoutSeconds, clients, events, data, maxMessageBytes, incomingSecret, tokensFile, tokens,
        publicUrl, allowedOrigins, requestTimeoutMs, webhook…, mail…, peopleFile, logLevel, curveSecretKeyFile, brokerPublicKey.
        Tokens and secrets are never printed.
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        _ = try arguments.positionals()
        let gateway = try Services.Gateway(settings)
        var banner = Banner("interlude gateway is up.")
        banner.row("gateway", gateway.url, note: "JSON API under /v1, web page at /")
        banner.write()
        return try await runServices(gateway.services, log: settings.log("gateway"))
    }
}
