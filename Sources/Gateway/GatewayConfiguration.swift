public import Client
import Foundation
public import Log
public import Webhooks
public import Wire

/// Everything `GatewayService` needs: where to listen, the broker's endpoints, limits, secrets and timings.
public struct GatewayConfiguration: Sendable {
    /// The address to bind: an IPv4 address or `localhost`.
    public var host = "127.0.0.1"
    /// The port to bind; 0 picks a free one.
    public var port = 8080
    /// Where the broker is and how the gateway talks to it: endpoints, CURVE security, request timeout.
    public var broker = BrokerConnection.Options(clients: "tcp://127.0.0.1:5570", events: "tcp://127.0.0.1:5572")
    /// Every size limit, and how JSON bodies are read, from `maxMessageBytes`.
    public var limits = MessageLimits.standard
    /// The largest request body accepted; larger gets 413 (from `limits` when read from settings).
    public var maxBodyBytes = MessageLimits.standard.httpBodyBytes
    /// The largest body of a bulk submit (`POST /v1/operations/batch`): a whole message, `maxMessageBytes`.
    public var maxBatchBodyBytes = MessageLimits.standard.maxMessageBytes
    /// Connections served at once for every path; past it only `/healthz` and `/metrics` are (`httpConnectionLimit`).
    public var connectionLimit = 256
    /// How long a connection may send nothing (idle, or half-open mid-request) before it is closed (`httpIdleTimeoutSeconds`).
    public var idleTimeout: Duration = .seconds(60)
    /// The secret incoming webhooks are signed with; nil refuses them all with 401.
    public var incomingSecret: WebhookSecret?
    /// The API tokens; none means an open API, which is allowed on loopback only.
    public var tokens: [APIToken] = []
    /// How long `/healthz` and `/metrics` wait for the broker's stats.
    public var healthTimeout: Duration = .seconds(2)
    /// How often an idle event stream sends a comment, so dead clients are noticed.
    public var eventHeartbeat: Duration = .seconds(15)
    /// How long without an event or heartbeat from the broker counts as lost contact: the event
    /// stream then subscribes again and catches up (from `heartbeatMs` × `liveness`).
    public var eventSilence: Duration = .seconds(5)
    /// How far a webhook's timestamp may be from now.
    public var webhookTolerance: Duration = .seconds(300)
    /// Where the gateway logs (never a token or secret).
    public var log = Log("gateway")
    /// The keys answer links are signed and verified with (`linkKeyFile`); nil: no links.
    public var linkKeys: LinkKeys?
    /// Which hosts and origins it answers (from `publicUrl` and `allowedOrigins`): loopback names only by default.
    public var origins = OriginPolicy(publicURL: nil)

    /// The defaults: loopback port 8080, the broker on its default endpoints, no secret, no tokens.
    public init() {}

    /// Refuses an open API (no tokens) on anything but a loopback address; `GatewayService` checks it first thing.
    public func validate() throws(GatewayError) {
        guard Loopback.contains(host) || !tokens.isEmpty else {
            throw GatewayError(
                .tokensRequired,
                "refusing to serve \(host):\(port) without API tokens: it is not a loopback address. "
                    + "Configure tokens (INTERLUDE_TOKENS or tokensFile), or bind 127.0.0.1.")
        }
    }
}
