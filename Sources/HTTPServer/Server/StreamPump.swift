import Foundation

/// Moves chunks from a response's `AsyncStream` to MHD's content-reader calls on the connection thread.
///
/// `@unchecked Sendable`: all mutable state is read and written only while holding `condition`.
final class StreamPump: ShutdownParticipant, @unchecked Sendable {
    /// MHD's `MHD_CONTENT_READER_END_OF_STREAM`: finish the body normally.
    static let endOfStream = -1
    /// MHD's `MHD_CONTENT_READER_END_WITH_ERROR`: close the connection.
    static let endWithError = -2
    /// A client this far behind is cut off rather than buffered for without bound.
    private static let maxBufferedBytes = 8 << 20
    /// How often a waiting reader checks whether the client is still there.
    private static let disconnectPoll: TimeInterval = 0.2

    private let condition = NSCondition()
    private let socket: Int32?
    private let registry: ShutdownRegistry
    private var chunks: [Data] = []
    private var offset = 0
    private var buffered = 0
    private var finished = false
    private var cancelled = false
    private var task: Task<Void, Never>?

    /// Starts draining `producer`; the producer is cancelled when the pump is closed or shut down.
    init(producer: AsyncStream<Data>, socket: Int32?, registry: ShutdownRegistry) {
        self.socket = socket
        self.registry = registry
        let registered = registry.register(self)
        let task = Task { [self] in
            // Once cancelled, `next()` returns nil and runs the producer's onTermination.
            for await chunk in producer {
                append(chunk)
            }
            condition.withLock { finished = true }
            condition.broadcast()
        }
        let cancelNow = condition.withLock {
            self.task = task
            if !registered { cancelled = true }
            return cancelled
        }
        if cancelNow { task.cancel() }
    }

    /// Fills `buffer` with the next bytes, waiting for the producer if need be; or an end code.
    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if cancelled { return Self.endWithError }
            if let first = chunks.first {
                let count = min(capacity, first.count - offset)
                first.withUnsafeBytes { bytes in
                    UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
                }
                offset += count
                buffered -= count
                if offset == first.count {
                    chunks.removeFirst()
                    offset = 0
                }
                return count
            }
            if finished { return Self.endOfStream }
            let signalled = condition.wait(until: Date(timeIntervalSinceNow: Self.disconnectPoll))
            // A client that left is only noticed by MHD on its next write, so look for it here.
            if !signalled, let socket, Socket.peerClosed(socket) {
                cancelLocked()
            }
        }
    }

    /// MHD is done with the body: stop the producer and forget the pump.
    func close() {
        condition.withLock { cancelLocked() }
        registry.unregister(self)
    }

    func shutDown() {
        condition.withLock { cancelLocked() }
    }

    private func append(_ chunk: Data) {
        condition.withLock {
            guard !cancelled, !chunk.isEmpty else { return }
            chunks.append(chunk)
            buffered += chunk.count
            if buffered > Self.maxBufferedBytes { cancelLocked() }
        }
        condition.broadcast()
    }

    /// Call with `condition` held.
    private func cancelLocked() {
        guard !cancelled else { return }
        cancelled = true
        chunks.removeAll()
        buffered = 0
        task?.cancel()
        condition.broadcast()
    }
}
