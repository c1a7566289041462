public import Client
public import HTTPServer
public import Lifecycle
import Log
public import Webhooks

/// The gateway: the JSON API, incoming webhooks, events and the web page over HTTP, talking to the broker over ZeroMQ.
///
/// It listens as soon as it is created and serves until `run()` is cancelled or shut down gracefully.
/// Bound to anything but loopback, it refuses to start without API tokens.
public final class GatewayService: Service {
    /// Where it serves, such as `http://127.0.0.1:8080`.
    public let url: String
    /// The bound port (the one picked when the configuration asked for 0).
    public let port: Int
    /// Every route served, each declared once; the router and the OpenAPI document are made from them.
    public let routes: [GatewayRoute]
    /// Counts and latencies of the requests answered so far.
    public let metrics: HTTPMetrics
    private let server: HTTPServer
    private let connection: BrokerConnection
    private let tokens: Tokens
    private let linkKeys: LinkKeyring
    private let host: String

    /// Starts serving the API and the web page, and `GET /v1/webhooks/deliveries` with its `/metrics`
    /// lines when it is given the outgoing `webhooks`; `metricsProviders` add lines to `/metrics`. It
    /// talks to the broker through `connection`, or through one of its own made from `configuration.broker`.
    public init(
        configuration: GatewayConfiguration, connection: BrokerConnection? = nil, webhooks: WebhookDispatcher? = nil,
        metricsProviders: [MetricsProvider] = []
    ) throws {
        try configuration.validate()
        let tokens = Tokens(try TokenStore(configuration.tokens))
        let connection = try connection ?? BrokerConnection(configuration.broker)
        let metrics = HTTPMetrics()
        let providers = metricsProviders + (webhooks.map { dispatcher in [{ dispatcher.metricsText() }] } ?? [])
        let api = API(connection: connection, configuration: configuration, tokens: tokens, metrics: metrics, metricsProviders: providers)
        let document = OpenAPIHolder()
        let operations = api.operations
        let page = WebPage.routes(operationTexts: { await operations.current().flatMap(\.catalogs) })
        let routes = api.routes + [API.openAPIRoute(document, operations: operations)] + (webhooks.map { [API.deliveriesRoute($0)] } ?? []) + page
        document.set(routes)
        var router = Router()
        for route in routes { router.add(route, tokens: tokens) }
        var http = HTTPServerConfiguration(
            host: configuration.host, port: configuration.port, maxBodySize: configuration.maxBodyBytes,
            connectionLimit: configuration.connectionLimit + ConnectionReserve.size, idleTimeout: configuration.idleTimeout)
        http.maxBodySizeByPath = [API.batchPath: configuration.maxBatchBodyBytes]
        do {
            server = try HTTPServer(configuration: http, metrics: metrics, middleware: Self.middleware(configuration), handler: router)
        } catch {
            connection.close()
            throw GatewayError(.startFailed, error.description)
        }
        self.connection = connection
        self.tokens = tokens
        self.linkKeys = api.linkKeys
        self.host = configuration.host
        self.metrics = metrics
        self.routes = routes
        self.port = server.port
        self.url = "http://\(configuration.host):\(server.port)"
        let access = tokens.current.isEmpty ? "open (loopback, no tokens)" : "tokens: \(tokens.current.names.joined(separator: ", "))"
        configuration.log.info("serving \(url), broker \(connection.options.clients), \(access)")
        if !Loopback.contains(configuration.host), configuration.origins.publicHost == nil {
            configuration.log.info("no publicUrl: only requests addressed to a loopback name are answered (others get 421)")
        }
    }

    /// What every request goes through before its route (after the server's request metrics), outermost
    /// first: headers every response carries (refusals included), the mapping of refusals to the JSON
    /// error body, the connection limit (only `/healthz` and `/metrics` past it), then the
    /// `Host`/`Origin`/`Content-Type` rules (`OriginPolicy`), which apply to every request, matched or
    /// not; a route's own checks are route middleware (`Authentication`).
    static func middleware(_ configuration: GatewayConfiguration) -> [any HTTPMiddleware] {
        [
            SecurityHeaders(OriginPolicy.responseHeaders), ErrorMapping(log: configuration.log),
            ConnectionReserve(limit: configuration.connectionLimit), OriginCheck(policy: configuration.origins),
        ]
    }

    /// Serves until cancelled or shut down gracefully; then stops listening, ends open event streams
    /// (waiting for the server's threads on a thread of its own) and closes the broker connection.
    public func run() async throws {
        try await server.run()
        connection.close()
    }

    /// Puts `list` in force for every request from now on and ends the event streams of the tokens it
    /// no longer holds (or no longer lets read); returns how many streams ended. Tokens that would leave
    /// an address beyond loopback open are refused, and the tokens already loaded are kept.
    @discardableResult
    public func reloadTokens(_ list: [APIToken]) throws(GatewayError) -> Int {
        guard Loopback.contains(host) || !list.isEmpty else {
            throw GatewayError(.tokensRequired, "no API tokens left for \(host), which is not a loopback address")
        }
        return tokens.replace(with: try TokenStore(list))
    }

    /// The groups of the token named `name` in the tokens now in force (none without such a token): the
    /// groups an answer link's person is checked against, and the ones mail reaches a group through.
    public func groups(of name: String) -> [String] {
        tokens.current.groups(of: name)
    }

    /// The answer link keys in force now (nil: none): what links are signed with, mailed ones too.
    public var currentLinkKeys: LinkKeys? { linkKeys.current }

    /// Puts `keys` in force for the answer links signed and verified from now on (nil: none, links are
    /// refused); a key no longer listed stops verifying at once, a replaced one still listed verifies
    /// for the keys' grace.
    public func reloadLinkKeys(_ keys: LinkKeys?) {
        linkKeys.replace(with: keys)
    }

    /// Starts stopping (the server closes its connections on a thread of its own) and closes the
    /// broker connection; returns at once. Safe to call twice.
    public func stop() {
        server.stop()
        connection.close()
    }
}
