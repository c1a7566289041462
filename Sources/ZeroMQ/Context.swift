import CZeroMQ

/// A libzmq context: the I/O threads and the registry every socket is created in.
// @unchecked Sendable: libzmq contexts are thread-safe, and the handle never changes after init.
public final class Context: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer

    /// Creates a context with `ioThreads` background I/O threads.
    public init(ioThreads: Int = 1) throws(ZMQError) {
        let handle = try libzmq("zmq_ctx_new") { zmq_ctx_new() }
        do {
            try libzmq("zmq_ctx_set(ZMQ_IO_THREADS, \(ioThreads))") {
                zmq_ctx_set(handle, ZMQ_IO_THREADS, Int32(clamping: ioThreads))
            }
        } catch {
            _ = try? libzmq("zmq_ctx_term") { zmq_ctx_term(handle) }
            throw error
        }
        self.handle = handle
    }

    /// Makes every blocking call on this context's sockets, in any thread, fail with `ETERM`.
    public func shutdown() {
        _ = try? libzmq("zmq_ctx_shutdown") { zmq_ctx_shutdown(handle) }
    }

    // Sockets keep their context alive, so by now every socket is closed and with linger 0 this returns at once.
    deinit {
        _ = try? libzmq("zmq_ctx_term") { zmq_ctx_term(handle) }
    }
}
