import Client
import Configuration
import Foundation
import Gateway
import Webhooks
import Wire

extension Settings {
    /// The gateway's options: `http`, `httpConnectionLimit`, `httpIdleTimeoutSeconds`, `clients`, `events`, the size
    /// policy, `incomingSecret`, `tokensFile`, `tokens`, `requestTimeoutMs`, `heartbeatMs` × `liveness`, `logLevel`,
    /// `publicUrl` and `allowedOrigins`.
    func gatewayConfiguration() throws(GatewayError) -> GatewayConfiguration {
        guard let (host, port) = try? Self.hostAndPort(http) else {
            throw GatewayError(.invalidAddress, "http must be host:port, got \"\(http)\"")
        }
        var configuration = GatewayConfiguration()
        configuration.host = host
        configuration.port = Int(port)
        configuration.limits = messageLimits
        configuration.maxBodyBytes = messageLimits.httpBodyBytes
        configuration.maxBatchBodyBytes = messageLimits.maxMessageBytes
        configuration.connectionLimit = httpConnectionLimit
        configuration.idleTimeout = .seconds(httpIdleTimeoutSeconds)
        // An event stream sends something at least twice per idle timeout, so a short one never closes it.
        configuration.eventHeartbeat = min(configuration.eventHeartbeat, configuration.idleTimeout / 2)
        configuration.broker = BrokerConnection.Options(
            clients: clients, events: events, requestTimeout: .milliseconds(requestTimeoutMs), limits: messageLimits,
            liveness: .milliseconds(heartbeatMs * liveness))
        configuration.log = log("gateway")
        configuration.eventSilence = brokerSilence
        if !incomingSecret.isEmpty {
            do {
                configuration.incomingSecret = try WebhookSecret(incomingSecret)
            } catch {
                throw GatewayError(.invalidSecret, "incomingSecret: \(error)")
            }
        }
        configuration.tokens = try APIToken.load(file: tokensFile) + APIToken.parse(inline: tokens)
        configuration.linkKeys = try linkKeys()
        configuration.origins = OriginPolicy(publicURL: publicUrl.isEmpty ? nil : URL(string: publicUrl), allowedOrigins: allowedOriginList)
        return configuration
    }

    /// The outgoing webhooks' options: `data`, `synchronous`, `webhookMaxAttempts`, `webhookBackoffMs`, `webhookTimeoutMs`,
    /// `webhookInFlight`, `publicUrl` (empty means `http://<http>`), and the broker's heartbeat (`heartbeatMs`, `liveness`).
    var webhookOptions: WebhookDispatcher.Options {
        WebhookDispatcher.Options(
            folder: URL(fileURLWithPath: data, isDirectory: true), synchronous: synchronous,
            maxAttempts: webhookMaxAttempts, backoff: .milliseconds(webhookBackoffMs), timeout: .milliseconds(webhookTimeoutMs),
            inFlight: webhookInFlight, publicURL: publicUrl.isEmpty ? "http://\(http)" : publicUrl, silence: brokerSilence)
    }

    /// The outgoing webhook endpoints `webhookUrl` (with `webhookSecret` and `webhookEvents`) and `webhooksFile` name.
    func webhookSubscribers() throws(WebhookSubscriberError) -> WebhookSubscribers {
        try WebhookSubscribers(url: webhookUrl, secret: webhookSecret, events: webhookEvents, file: webhooksFile)
    }

    /// How long without an event or heartbeat from the broker counts as lost contact: `heartbeatMs` × `liveness`, at least 3 s.
    private var brokerSilence: Duration { .milliseconds(max(3_000, heartbeatMs * liveness)) }
}
