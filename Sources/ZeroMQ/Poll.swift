import CZeroMQ

/// Something `poll` can wait on to become readable.
public enum PollItem {
    /// A socket with a message ready to receive.
    case socket(Socket)
    /// A file descriptor with data to read, such as a `Wakeup` or `Mailbox`.
    case fileDescriptor(Int32)
}

/// Waits until at least one item is readable or `timeout` passes (nil: forever) and says which are readable.
public func poll(_ items: [PollItem], timeout: Duration?) throws(ZMQError) -> [Bool] {
    var pollItems: [zmq_pollitem_t] = []
    pollItems.reserveCapacity(items.count)
    for item in items {
        switch item {
        case .socket(let socket):
            guard let handle = socket.handle else { throw .closed("zmq_poll") }
            pollItems.append(zmq_pollitem_t(socket: handle, fd: -1, events: Int16(ZMQ_POLLIN), revents: 0))
        case .fileDescriptor(let fd):
            pollItems.append(zmq_pollitem_t(socket: nil, fd: fd, events: Int16(ZMQ_POLLIN), revents: 0))
        }
    }
    let deadline = timeout.map { ContinuousClock.now.advanced(by: $0) }
    // An interrupted poll is retried with what is left of the timeout, not the whole of it again.
    try libzmq("zmq_poll(\(items.count) items)") {
        zmq_poll(&pollItems, Int32(pollItems.count), deadline.map { Int($0.millisecondsLeft) } ?? -1)
    }
    return pollItems.map { $0.revents & Int16(ZMQ_POLLIN) != 0 }
}
