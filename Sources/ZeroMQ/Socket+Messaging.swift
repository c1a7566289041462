import CZeroMQ
public import Foundation

extension Socket {
    /// Sends all `frames` as one message without blocking; returns false, having sent nothing, if there is no room.
    ///
    /// A ROUTER with `routerMandatory` throws `isHostUnreachable` for an unknown peer.
    public func send(_ frames: [Data]) throws(ZMQError) -> Bool {
        guard !frames.isEmpty else { throw ZMQError(code: EINVAL, operation: "zmq_send(no frames)") }
        for (index, frame) in frames.enumerated() {
            let flags = ZMQ_DONTWAIT | (index < frames.count - 1 ? ZMQ_SNDMORE : 0)
            do {
                try call("zmq_send(frame \(index) of \(frames.count))") { handle in
                    frame.withUnsafeBytes { zmq_send(handle, $0.baseAddress, $0.count, flags) }
                }
            } catch let error where error.code == EAGAIN && index == 0 {
                return false
            }
            // libzmq checks the high-water mark only on a message's first frame, so later frames always fit.
        }
        return true
    }

    /// Sends all `frames` as one message, waiting up to `timeout` for room; false if there still is none.
    public func send(_ frames: [Data], timeout: Duration) throws(ZMQError) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if try send(frames) { return true }
            guard ContinuousClock.now < deadline else { return false }
            try wait(for: ZMQ_POLLOUT, until: deadline)
        }
    }

    /// Receives every frame of one message without blocking, or nil if none is queued.
    public func receive() throws(ZMQError) -> [Data]? {
        try receive(property: nil)?.frames
    }

    /// Receives one message without blocking, with the user id the ZAP handler gave its connection.
    ///
    /// `userID` is nil on a connection no ZAP handler admitted (plain ZMTP, or a CURVE client socket).
    public func receiveMessage() throws(ZMQError) -> ReceivedMessage? {
        guard let (frames, userID) = try receive(property: "User-Id") else { return nil }
        return ReceivedMessage(frames: frames, userID: userID.flatMap { $0.isEmpty ? nil : $0 })
    }

    private func receive(property: StaticString?) throws(ZMQError) -> (frames: [Data], property: String?)? {
        guard let handle else { throw .closed("zmq_msg_recv") }
        // Room for a ROUTER's message (routing id and the four frames) at once, not regrown frame by frame.
        var frames: [Data] = []
        frames.reserveCapacity(Self.framesPerMessage)
        do {
            var (frame, more, value) = try receiveBuffer.receive(from: handle, flags: ZMQ_DONTWAIT, property: property)
            frames.append(frame)
            // libzmq delivers a message whole, so once its first frame is here the rest are too.
            while more {
                // A ROUTER makes the routing-id frame itself, without the connection's metadata: read it from a later one.
                let next = try receiveBuffer.receive(from: handle, flags: 0, property: value == nil ? property : nil)
                (frame, more) = (next.frame, next.more)
                value = value ?? next.property
                frames.append(frame)
            }
            return (frames, value)
        } catch let error where error.code == EAGAIN && frames.isEmpty {
            return nil
        }
    }

    /// The frames a message usually has as a ROUTER receives it: the routing id and `[version, type, correlation, body]`.
    static let framesPerMessage = 5

    /// Receives every frame of one message, waiting up to `timeout`, or nil if none arrived.
    public func receive(timeout: Duration) throws(ZMQError) -> [Data]? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if let frames = try receive() { return frames }
            guard ContinuousClock.now < deadline else { return nil }
            try wait(for: ZMQ_POLLIN, until: deadline)
        }
    }

    /// Blocks in `zmq_poll` until this socket has `events` or the deadline passes.
    private func wait(for events: Int32, until deadline: ContinuousClock.Instant) throws(ZMQError) {
        guard let handle else { throw .closed("zmq_poll") }
        var item = zmq_pollitem_t(socket: handle, fd: -1, events: Int16(events), revents: 0)
        try libzmq("zmq_poll") { zmq_poll(&item, 1, Int(deadline.millisecondsLeft)) }
    }
}

/// One message's frames and the ZAP user id of the connection it arrived on.
public struct ReceivedMessage: Sendable, Hashable {
    /// Every frame, in order (a ROUTER's first frame is the peer's routing id).
    public let frames: [Data]
    /// What the ZAP handler answered as the connection's user id, or nil.
    public let userID: String?

    /// A message as received.
    public init(frames: [Data], userID: String?) {
        self.frames = frames
        self.userID = userID
    }
}
