import CZeroMQ
public import Foundation

extension Socket {
    /// Names this socket to ROUTER peers; set before `connect` so a reconnect keeps the same identity.
    public func setRoutingID(_ id: Data) throws(ZMQError) {
        try setOption(ZMQ_ROUTING_ID, "ZMQ_ROUTING_ID", bytes: id)
    }

    /// Makes a ROUTER throw `isHostUnreachable` for an unknown peer instead of dropping silently.
    public func setRouterMandatory(_ enabled: Bool) throws(ZMQError) {
        try setOption(ZMQ_ROUTER_MANDATORY, "ZMQ_ROUTER_MANDATORY", enabled ? 1 : 0)
    }

    /// Lets a new connection take over a routing id still held by a stale one.
    public func setRouterHandover(_ enabled: Bool) throws(ZMQError) {
        try setOption(ZMQ_ROUTER_HANDOVER, "ZMQ_ROUTER_HANDOVER", enabled ? 1 : 0)
    }

    /// Makes a SUB socket receive messages whose first frame starts with `prefix` (empty: all).
    public func subscribe(_ prefix: Data) throws(ZMQError) {
        try setOption(ZMQ_SUBSCRIBE, "ZMQ_SUBSCRIBE", bytes: prefix)
    }

    /// Makes a SUB socket receive messages whose first frame starts with the UTF-8 `prefix`.
    public func subscribe(_ prefix: String) throws(ZMQError) {
        try subscribe(Data(prefix.utf8))
    }

    /// Removes one earlier `subscribe(prefix)`.
    public func unsubscribe(_ prefix: Data) throws(ZMQError) {
        try setOption(ZMQ_UNSUBSCRIBE, "ZMQ_UNSUBSCRIBE", bytes: prefix)
    }

    /// Removes one earlier `subscribe(prefix)` given as a string.
    public func unsubscribe(_ prefix: String) throws(ZMQError) {
        try unsubscribe(Data(prefix.utf8))
    }

    /// Caps the messages queued per peer for sending (0: no limit; libzmq's default is 1000).
    public func setSendHighWaterMark(_ messages: Int) throws(ZMQError) {
        try setOption(ZMQ_SNDHWM, "ZMQ_SNDHWM", Int32(clamping: messages))
    }

    /// Caps the messages queued per peer for receiving (0: no limit; libzmq's default is 1000).
    public func setReceiveHighWaterMark(_ messages: Int) throws(ZMQError) {
        try setOption(ZMQ_RCVHWM, "ZMQ_RCVHWM", Int32(clamping: messages))
    }

    /// How long `close` keeps unsent messages; the socket starts at zero.
    public func setLinger(_ linger: Duration) throws(ZMQError) {
        try setOption(ZMQ_LINGER, "ZMQ_LINGER", linger.roundedUpMilliseconds)
    }

    /// The first wait before reconnecting to a lost peer (libzmq's default is 100 ms).
    public func setReconnectInterval(_ interval: Duration) throws(ZMQError) {
        try setOption(ZMQ_RECONNECT_IVL, "ZMQ_RECONNECT_IVL", interval.roundedUpMilliseconds)
    }

    /// The cap the reconnect wait doubles up to; zero keeps it fixed at `reconnectInterval`.
    public func setReconnectIntervalMax(_ interval: Duration) throws(ZMQError) {
        try setOption(ZMQ_RECONNECT_IVL_MAX, "ZMQ_RECONNECT_IVL_MAX", interval.roundedUpMilliseconds)
    }

    /// Queues messages only to completed connections, so nothing piles up for an absent peer.
    public func setImmediate(_ enabled: Bool) throws(ZMQError) {
        try setOption(ZMQ_IMMEDIATE, "ZMQ_IMMEDIATE", enabled ? 1 : 0)
    }

    /// Disconnects a peer that sends a message larger than `bytes` (-1: no limit).
    public func setMaxMessageSize(_ bytes: Int64) throws(ZMQError) {
        var value = bytes
        try call("zmq_setsockopt(ZMQ_MAXMSGSIZE, \(bytes))") {
            zmq_setsockopt($0, ZMQ_MAXMSGSIZE, &value, MemoryLayout<Int64>.size)
        }
    }

    /// How often libzmq sends ZMTP heartbeats on each connection (zero: never).
    public func setHeartbeatInterval(_ interval: Duration) throws(ZMQError) {
        try setOption(ZMQ_HEARTBEAT_IVL, "ZMQ_HEARTBEAT_IVL", interval.roundedUpMilliseconds)
    }

    /// How long to wait for any traffic after a heartbeat before dropping the connection.
    public func setHeartbeatTimeout(_ timeout: Duration) throws(ZMQError) {
        try setOption(ZMQ_HEARTBEAT_TIMEOUT, "ZMQ_HEARTBEAT_TIMEOUT", timeout.roundedUpMilliseconds)
    }

    /// How long the peer should keep this connection without hearing from us (libzmq keeps tenths of a second).
    public func setHeartbeatTTL(_ ttl: Duration) throws(ZMQError) {
        try setOption(ZMQ_HEARTBEAT_TTL, "ZMQ_HEARTBEAT_TTL", ttl.roundedUpMilliseconds)
    }

    func setOption(_ option: Int32, _ name: String, _ value: Int32) throws(ZMQError) {
        var value = value
        try call("zmq_setsockopt(\(name), \(value))") {
            zmq_setsockopt($0, option, &value, MemoryLayout<Int32>.size)
        }
    }

    func setOption(_ option: Int32, _ name: String, bytes: some ContiguousBytes) throws(ZMQError) {
        try call("zmq_setsockopt(\(name))") { handle in
            bytes.withUnsafeBytes { zmq_setsockopt(handle, option, $0.baseAddress, $0.count) }
        }
    }
}
