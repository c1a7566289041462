import Client
import HTTPServer
import Webhooks
import Wire

/// Lines of Prometheus text another part of the gateway adds to `/metrics` (the webhook outbox, for one).
public typealias MetricsProvider = @Sendable () async -> String

/// The JSON API: its routes and what they share (the broker client, limits, the webhook verifier).
struct API: Sendable {
    let connection: BrokerConnection
    let configuration: GatewayConfiguration
    let metrics: HTTPMetrics
    let metricsProviders: [MetricsProvider]
    let verifier: WebhookVerifier?
    /// The API tokens in force; an event stream is ended when a reload removes its token.
    let tokens: Tokens
    /// The answer link keys in force; a reload (SIGHUP) replaces them.
    let linkKeys: LinkKeyring
    /// The announced operations, kept a few seconds (the page's texts and the OpenAPI document use them).
    let operations: OperationsCache

    init(
        connection: BrokerConnection, configuration: GatewayConfiguration, tokens: Tokens, metrics: HTTPMetrics, metricsProviders: [MetricsProvider]
    ) {
        self.connection = connection
        self.tokens = tokens
        self.configuration = configuration
        self.metrics = metrics
        self.metricsProviders = metricsProviders
        self.linkKeys = LinkKeyring(configuration.linkKeys)
        self.verifier = configuration.incomingSecret.map {
            WebhookVerifier(secret: $0, tolerance: configuration.webhookTolerance)
        }
        let client = connection.client
        self.operations = OperationsCache { try? await client.operations().operations }
    }

    /// Every route the API itself serves but the OpenAPI document's.
    var routes: [GatewayRoute] {
        operationRoutes + [batchRoute] + operationListRoutes + jobRoutes + presentationRoutes + linkRoutes + meRoutes + statusRoutes + [eventsRoute]
            + healthRoutes
    }
}
