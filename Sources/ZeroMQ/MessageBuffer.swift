import CZeroMQ
import Foundation

/// A `zmq_msg_t` at a stable address, since libzmq keeps small messages inside the struct itself.
struct MessageBuffer: ~Copyable {
    private let pointer = UnsafeMutablePointer<zmq_msg_t>.allocate(capacity: 1)

    /// Receives one frame and copies it out, initialising and closing the message exactly once.
    ///
    /// With `property`, also reads that metadata property of the connection (such as `User-Id`)
    /// from the message in place, before it is closed. A `StaticString` is a C string already: a `String`
    /// would be copied into a new one at every frame.
    func receive(
        from socket: UnsafeMutableRawPointer, flags: Int32, property: StaticString? = nil
    ) throws(ZMQError) -> (frame: Data, more: Bool, property: String?) {
        try libzmq("zmq_msg_init") { zmq_msg_init(pointer) }
        defer { _ = try? libzmq("zmq_msg_close") { zmq_msg_close(pointer) } }
        try libzmq("zmq_msg_recv") { zmq_msg_recv(pointer, socket, flags) }
        let size = zmq_msg_size(pointer)
        let frame = size == 0 ? Data() : Data(bytes: zmq_msg_data(pointer), count: size)
        // zmq_msg_gets returns null when the connection has no such property.
        let value = property.flatMap { name in
            name.utf8Start.withMemoryRebound(to: CChar.self, capacity: name.utf8CodeUnitCount + 1) { zmq_msg_gets(pointer, $0) }
        }.map { String(cString: $0) }
        return (frame, zmq_msg_more(pointer) == 1, value)
    }

    deinit { pointer.deallocate() }
}
