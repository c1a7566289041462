import Log
import Synchronization
public import Wire
import ZeroMQ

/// Everything a program needs to talk to the broker, and the only owner of the ZeroMQ context it
/// uses: one request client (`client`) and event subscriptions (`events(topics:)`, `listen(topics:_:)`), every socket
/// secured as `options.security` says and reopened when it breaks.
public final class BrokerConnection: Sendable {
    /// Where the broker is and how to talk to it.
    public struct Options: Sendable {
        /// The broker's client endpoint (ROUTER); a comma-separated list names several brokers sharing
        /// one journal, of which the connection follows the active one.
        public var clients: String
        /// The broker's event endpoint (PUB), or a comma-separated list; empty for a connection that never subscribes.
        public var events: String
        /// How every socket is secured.
        public var security: ConnectionSecurity
        /// How long a request waits for its reply unless the call says otherwise.
        public var requestTimeout: Duration
        /// The size policy replies are read with and inputs checked against.
        public var limits: MessageLimits
        /// The first wait before reopening a broken socket; it doubles with each failure in a row.
        public var reopenDelay: Duration
        /// The longest wait before reopening.
        public var maxReopenDelay: Duration
        /// How long the connection to one of several brokers may stay silent before the client leaves it
        /// for the next and sends it the requests in flight: `heartbeatMs` × `liveness`, the brokers' own
        /// lease, so a broker is left about when its standby may take over. Unused with one broker.
        public var liveness: Duration

        /// Options for the broker at `clients` and `events`; the rest have safe defaults.
        public init(
            clients: String, events: String = "", security: ConnectionSecurity = .none, requestTimeout: Duration = .seconds(5),
            limits: MessageLimits = .standard, reopenDelay: Duration = .milliseconds(100), maxReopenDelay: Duration = .seconds(5),
            liveness: Duration = .seconds(3)
        ) {
            self.clients = clients
            self.events = events
            self.security = security
            self.requestTimeout = requestTimeout
            self.limits = limits
            self.reopenDelay = reopenDelay
            self.maxReopenDelay = maxReopenDelay
            self.liveness = liveness
        }
    }

    /// The options it was made with.
    public let options: Options
    /// Requests to the broker.
    public let client: BrokerClient
    private let context: Context

    /// A connection (its sockets connect in the background; nothing waits for the broker here).
    public init(_ options: Options) throws {
        self.options = options
        let context = try Context()
        self.context = context
        client = try BrokerClient(context: context, options: options)
    }

    /// The broker's events as they are published (heartbeats included) on a SUB socket of its own
    /// thread, until the consumer stops iterating; `topics` filters by prefix, empty means all.
    public func events(topics: [String] = []) throws -> AsyncStream<Event> {
        guard !options.events.isEmpty else { throw WireError(.unavailable, "this connection was made without the broker's event endpoint") }
        return try EventSubscription.stream(context: context, endpoint: options.events, topics: topics, security: options.security.socket)
    }

    /// The broker's events handed to `handler` on the subscription's own thread as each is read (heartbeats
    /// included), until the listener is cancelled; `topics` as in `events(topics:)`. No queue and no task
    /// stand between the socket and `handler` (one thread wake-up fewer than iterating `events`), so
    /// `handler` must return quickly: the events behind it wait meanwhile.
    public func listen(topics: [String] = [], _ handler: @escaping @Sendable (Event) -> Void) throws -> EventListener {
        guard !options.events.isEmpty else { throw WireError(.unavailable, "this connection was made without the broker's event endpoint") }
        return try EventSubscription.listen(
            context: context, endpoint: options.events, topics: topics, security: options.security.socket, deliver: handler)
    }

    /// How the request socket is doing, for health checks.
    public var health: ConnectionHealth { client.health }

    /// Stops the request socket's thread; requests still waiting fail.
    public func close() {
        client.close()
    }
}

/// The state of a client's socket, as `/healthz` reports it.
public struct ConnectionHealth: Sendable, Hashable {
    /// Whether a socket is open now (not waiting to be reopened).
    public var isOpen: Bool
    /// How many times the socket was closed and reopened.
    public var reopens: Int
    /// Why it was last reopened, if it was.
    public var lastProblem: String?
}
