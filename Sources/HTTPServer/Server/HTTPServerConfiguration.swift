/// Where and how an `HTTPServer` listens.
public struct HTTPServerConfiguration: Sendable {
    /// The IPv4 address to bind (only that address); loopback by default.
    public var host: String
    /// The port to bind; 0 picks a free one, which `HTTPServer.port` then reports.
    public var port: Int
    /// The largest request body accepted; larger ones get 413 without being read.
    public var maxBodySize: Int
    /// Paths whose requests may have a body of another size than `maxBodySize` (a bulk submit's), by exact path.
    public var maxBodySizeByPath: [String: Int] = [:]
    /// The most connections open at once (all served by one libmicrohttpd thread); libmicrohttpd closes any
    /// more as soon as it accepts them. Each request says how many were open (`HTTPRequest.openConnections`).
    public var connectionLimit: Int
    /// How long a connection that sends nothing (idle, or half-open mid-request) is kept; zero keeps it indefinitely.
    public var idleTimeout: Duration
    /// How long a request's head (request line and headers) may take from its first byte, however
    /// steadily it trickles in; past it the connection is closed. Responses are not timed.
    public var headDeadline: Duration
    /// How long a request's body may take once its head is in; past it the connection is closed.
    public var bodyDeadline: Duration

    /// A configuration; every parameter has a safe default.
    public init(
        host: String = "127.0.0.1", port: Int = 0, maxBodySize: Int = 1 << 20, connectionLimit: Int = 256,
        idleTimeout: Duration = .seconds(60), headDeadline: Duration = .seconds(10), bodyDeadline: Duration = .seconds(30)
    ) {
        self.host = host
        self.port = port
        self.maxBodySize = maxBodySize
        self.connectionLimit = connectionLimit
        self.idleTimeout = idleTimeout
        self.headDeadline = headDeadline
        self.bodyDeadline = bodyDeadline
    }
}
