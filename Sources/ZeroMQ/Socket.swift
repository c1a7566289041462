import CZeroMQ

/// A libzmq socket, owned by one thread from creation to close.
public final class Socket {
    /// The context is kept alive so `zmq_ctx_term` cannot wait on a socket that is still open.
    let context: Context
    private(set) var handle: UnsafeMutableRawPointer?
    let receiveBuffer = MessageBuffer()

    /// Creates a socket of `type` in `context`, with linger 0 so closing never waits for the network.
    public init(_ context: Context, _ type: SocketType) throws(ZMQError) {
        let handle = try libzmq("zmq_socket(\(type))") { zmq_socket(context.handle, type.rawValue) }
        self.context = context
        self.handle = handle
        do {
            try setLinger(.zero)
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Accepts connections on `endpoint`, such as `tcp://127.0.0.1:*` or `inproc://broker`.
    public func bind(_ endpoint: String) throws(ZMQError) {
        try call("zmq_bind(\(endpoint))") { zmq_bind($0, endpoint) }
    }

    /// Connects to `endpoint`; libzmq reconnects on its own if the peer goes away.
    public func connect(_ endpoint: String) throws(ZMQError) {
        try call("zmq_connect(\(endpoint))") { zmq_connect($0, endpoint) }
    }

    /// Stops accepting connections on an endpoint given to `bind`, or reported by `lastEndpoint`.
    public func unbind(_ endpoint: String) throws(ZMQError) {
        try call("zmq_unbind(\(endpoint))") { zmq_unbind($0, endpoint) }
    }

    /// Drops the connection made by `connect(endpoint)`.
    public func disconnect(_ endpoint: String) throws(ZMQError) {
        try call("zmq_disconnect(\(endpoint))") { zmq_disconnect($0, endpoint) }
    }

    /// The endpoint last bound or connected, with a wildcard port replaced by the real one.
    public var lastEndpoint: String {
        get throws(ZMQError) {
            var buffer = [CChar](repeating: 0, count: 1024)
            var size = buffer.count
            try call("zmq_getsockopt(ZMQ_LAST_ENDPOINT)") { handle in
                zmq_getsockopt(handle, ZMQ_LAST_ENDPOINT, &buffer, &size)
            }
            return String(decoding: buffer.prefix(while: { $0 != 0 }).map(UInt8.init(bitPattern:)), as: UTF8.self)
        }
    }

    /// Closes the socket, dropping unsent messages; later calls do nothing.
    public func close() {
        guard let handle else { return }
        self.handle = nil
        _ = try? libzmq("zmq_close") { zmq_close(handle) }
    }

    /// Runs a libzmq call on the open handle, or throws `ENOTSOCK` once the socket is closed.
    @discardableResult
    func call(
        _ operation: @autoclosure () -> String,
        _ body: (UnsafeMutableRawPointer) -> Int32
    ) throws(ZMQError) -> Int32 {
        guard let handle else { throw .closed(operation()) }
        return try libzmq(operation()) { body(handle) }
    }
}

@available(*, unavailable, message: "a socket belongs to the thread that created it")
extension Socket: Sendable {}
