public import Lifecycle

/// An HTTP/1.1 server on libmicrohttpd that runs every request through its middleware (request
/// metrics outermost, then `middleware` in order) to its handler, usually a `Router`.
///
/// Sendable without `@unchecked`: every stored property is immutable and itself Sendable, and the
/// daemon handle inside `MHDDaemon` is guarded by a mutex.
public final class HTTPServer: Service {
    /// The address the server listens on.
    public let host: String
    /// The bound port (the one picked when the configuration asked for 0).
    public let port: Int
    /// Counts and latencies of the requests answered so far.
    public let metrics: HTTPMetrics
    private let core: ServerCore
    private let daemon: MHDDaemon

    /// Starts listening at once; requests are served until `stop()`. What a handler or middleware
    /// throws is answered by `ErrorMapping`.
    public init(
        configuration: HTTPServerConfiguration = HTTPServerConfiguration(), metrics: HTTPMetrics = HTTPMetrics(),
        middleware: [any HTTPMiddleware] = [], handler: some HTTPHandler
    ) throws(HTTPServerError) {
        guard let address = Socket.ipv4Address(host: configuration.host, port: configuration.port) else {
            throw HTTPServerError(code: .invalidAddress, host: configuration.host, port: configuration.port)
        }
        let stack = MiddlewareStack([RequestMetrics(metrics)] + middleware, responder: HandlerResponder(handler: handler))
        let core = ServerCore(
            handler: stack, metrics: metrics, maxBodySize: configuration.maxBodySize, maxBodySizeByPath: configuration.maxBodySizeByPath,
            connectionLimit: configuration.connectionLimit, headDeadline: configuration.headDeadline,
            bodyDeadline: configuration.bodyDeadline)
        guard
            let daemon = MHDDaemon(
                address: address, idleTimeoutSeconds: Self.wholeSeconds(configuration.idleTimeout), core: core)
        else {
            throw HTTPServerError(code: .startFailed, host: configuration.host, port: configuration.port)
        }
        self.host = configuration.host
        self.port = daemon.port
        self.metrics = metrics
        self.core = core
        self.daemon = daemon
    }

    /// Starts a server whose handler is a closure.
    public convenience init(
        configuration: HTTPServerConfiguration = HTTPServerConfiguration(), metrics: HTTPMetrics = HTTPMetrics(),
        middleware: [any HTTPMiddleware] = [], handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) throws(HTTPServerError) {
        try self.init(configuration: configuration, metrics: metrics, middleware: middleware, handler: ClosureHandler(handler))
    }

    /// Serves until the calling task is cancelled or a graceful shutdown is signalled, then stops; the
    /// stop (which waits for suspended connections and joins libmicrohttpd's thread) runs on a thread of its own.
    public func run() async throws {
        try? await gracefulShutdown()
        await stopped()
    }

    /// Starts stopping: stops listening, ends open streams and closes connections on a thread of its
    /// own; returns at once. Safe to call more than once.
    public func stop() {
        // End the handlers and streams in flight first: each resumes its suspended connection, which
        // MHD must not hold when it stops.
        core.registry.shutDownAll()
        daemon.stop()
    }

    /// Stops (if not yet asked to) and returns once every connection is closed.
    public func stopped() async {
        core.registry.shutDownAll()
        await daemon.stopped()
    }

    deinit {
        stop()
    }

    /// MHD counts the idle timeout in whole seconds, zero meaning never: a fraction rounds up, not to "never".
    private static func wholeSeconds(_ timeout: Duration) -> Int {
        guard timeout > .zero else { return 0 }
        let (seconds, attoseconds) = timeout.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}
