import CZeroMQ
import Foundation

/// Reports how a socket's security handshakes end, so a client can say "the server refused our key"
/// instead of waiting for a reply that will never come, when an established connection is lost, so a
/// client of several brokers can move on at once, and when the connection itself is up, so a peer that
/// is only slow to finish its handshake (starved of CPU) is told from one that cannot be reached.
///
/// Create it on the thread that owns the watched socket, poll `socket` there, and `drain` it.
public final class HandshakeMonitor {
    /// How one handshake ended.
    public enum Outcome: Sendable, Hashable {
        /// The connection is up (TCP); the handshake follows, at once unless the peer is starved or frozen.
        case established(endpoint: String)
        /// The peer admitted us.
        case succeeded(endpoint: String)
        /// The server's ZAP handler refused our credentials, with its status code (such as 400).
        case refused(endpoint: String, status: Int)
        /// The handshake broke off: `mismatch`, the peers speak different mechanisms (CURVE against plain);
        /// otherwise without a reason, as for a wrong server key or a peer that stopped in the middle of it.
        case failed(endpoint: String, mismatch: Bool)
        /// A connection that had been established was lost (the peer went away).
        case disconnected(endpoint: String)
        /// A connection attempt failed (nothing listens there now); libzmq will try again.
        case unreachable(endpoint: String)
    }

    /// The PAIR socket the events arrive on, to put in `poll`.
    public let socket: Socket

    /// Starts watching `watched`'s handshakes.
    public init(watching watched: Socket, in context: Context) throws(ZMQError) {
        let endpoint = "inproc://interlude-handshakes-\(UUID().uuidString)"
        let events =
            ZMQ_EVENT_CONNECTED | ZMQ_EVENT_HANDSHAKE_SUCCEEDED | ZMQ_EVENT_HANDSHAKE_FAILED_AUTH
            | ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL | ZMQ_EVENT_HANDSHAKE_FAILED_NO_DETAIL | ZMQ_EVENT_DISCONNECTED | ZMQ_EVENT_CONNECT_RETRIED
        try watched.call("zmq_socket_monitor(\(endpoint))") { zmq_socket_monitor($0, endpoint, events) }
        socket = try Socket(context, .pair)
        do {
            try socket.connect(endpoint)
        } catch {
            socket.close()
            throw error
        }
    }

    /// Every outcome reported since the last call, oldest first.
    public func drain() throws(ZMQError) -> [Outcome] {
        var outcomes: [Outcome] = []
        while let frames = try socket.receive() {
            // Frame 1: a 16-bit event and a 32-bit value in host order; frame 2: the endpoint.
            guard frames.count == 2, frames[0].count == 6 else { continue }
            let (event, value) = frames[0].withUnsafeBytes {
                (Int32($0.loadUnaligned(as: UInt16.self)), Int($0.loadUnaligned(fromByteOffset: 2, as: UInt32.self)))
            }
            let endpoint = String(decoding: frames[1], as: UTF8.self)
            switch event {
            case ZMQ_EVENT_CONNECTED: outcomes.append(.established(endpoint: endpoint))
            case ZMQ_EVENT_HANDSHAKE_SUCCEEDED: outcomes.append(.succeeded(endpoint: endpoint))
            case ZMQ_EVENT_HANDSHAKE_FAILED_AUTH: outcomes.append(.refused(endpoint: endpoint, status: value))
            case ZMQ_EVENT_DISCONNECTED: outcomes.append(.disconnected(endpoint: endpoint))
            case ZMQ_EVENT_CONNECT_RETRIED: outcomes.append(.unreachable(endpoint: endpoint))
            case ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL: outcomes.append(.failed(endpoint: endpoint, mismatch: true))
            default: outcomes.append(.failed(endpoint: endpoint, mismatch: false))
            }
        }
        return outcomes
    }

    /// Stops receiving events.
    public func close() { socket.close() }
}

@available(*, unavailable, message: "a monitor belongs to the thread that owns the watched socket")
extension HandshakeMonitor: Sendable {}
