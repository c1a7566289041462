#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe that any thread can signal and the owner thread polls, to wake a socket loop from outside.
public final class Wakeup: Sendable {
    /// The end to put in `poll` as `.fileDescriptor`; it is readable once signalled until drained.
    public let fileDescriptor: Int32
    private let writeEnd: Int32

    /// Opens a non-blocking, close-on-exec pipe.
    public init() throws(ZMQError) {
        var ends: [Int32] = [-1, -1]
        try libzmq("pipe") { pipe(&ends) }
        do {
            for end in ends {
                try libzmq("fcntl(F_SETFL, O_NONBLOCK)") { fcntl(end, F_SETFL, O_NONBLOCK) }
                try libzmq("fcntl(F_SETFD, FD_CLOEXEC)") { fcntl(end, F_SETFD, FD_CLOEXEC) }
            }
        } catch {
            for end in ends { _ = close(end) }
            throw error
        }
        fileDescriptor = ends[0]
        writeEnd = ends[1]
    }

    /// Makes `fileDescriptor` readable; safe from any thread, and cheap when already signalled.
    public func signal() {
        var byte: UInt8 = 1
        // EAGAIN means the pipe is full, which already makes it readable.
        _ = try? libzmq("write(wakeup)") { Int32(clamping: write(writeEnd, &byte, 1)) }
    }

    /// Consumes every pending signal so `fileDescriptor` stops being readable; call it on the owner thread.
    public func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = try? libzmq("read(wakeup)") { Int32(clamping: read(fileDescriptor, &buffer, buffer.count)) }
            guard let count, count == buffer.count else { return }
        }
    }

    // close is not retried on EINTR: the descriptor is released either way.
    deinit {
        _ = close(fileDescriptor)
        _ = close(writeEnd)
    }
}
