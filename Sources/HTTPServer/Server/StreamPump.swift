import Dispatch
import Foundation

/// Moves chunks from a response's `AsyncStream` to MHD's content-reader calls on the polling thread.
///
/// When MHD asks for more and nothing is buffered, the pump suspends the connection and answers "no
/// bytes yet"; the next chunk, the stream's end, the client's leaving (checked on a timer, because
/// MHD does not watch a suspended connection's socket) or the server's stopping resumes it, and MHD
/// asks again. No thread waits for a chunk.
///
/// `@unchecked Sendable`: all mutable state is read and written only while holding `lock`.
final class StreamPump: ShutdownParticipant, @unchecked Sendable {
    /// MHD's `MHD_CONTENT_READER_END_OF_STREAM`: finish the body normally.
    static let endOfStream = -1
    /// MHD's `MHD_CONTENT_READER_END_WITH_ERROR`: close the connection.
    static let endWithError = -2
    /// A client this far behind is cut off rather than buffered for without bound.
    private static let maxBufferedBytes = 8 << 20
    /// How often a suspended stream checks whether the client is still there.
    private static let disconnectPoll = DispatchTimeInterval.milliseconds(200)

    private let lock = NSLock()
    private let connection: MHDConnection
    private let socket: Int32?
    private let registry: ShutdownRegistry
    private let watch: any DispatchSourceTimer
    private var chunks: [Data] = []
    private var offset = 0
    private var buffered = 0
    private var finished = false
    private var cancelled = false
    /// Set while the connection is suspended waiting for a chunk; whoever clears it resumes it.
    private var suspended: SuspendedConnection?
    private var task: Task<Void, Never>?

    /// Starts draining `producer` for `connection`; the producer is cancelled when the pump is closed or shut down.
    init(producer: AsyncStream<Data>, connection: MHDConnection, registry: ShutdownRegistry) {
        self.connection = connection
        self.socket = connection.socket()
        self.registry = registry
        self.watch = DispatchSource.makeTimerSource(queue: .global())
        let registered = registry.register(self)
        let task = Task { [self] in
            // Once cancelled, `next()` returns nil and runs the producer's onTermination.
            for await chunk in producer {
                append(chunk)
            }
            let resumption = lock.withLock {
                finished = true
                return takeSuspended()
            }
            resume(resumption)
        }
        let cancelNow = lock.withLock {
            self.task = task
            if !registered { cancelled = true }
            return cancelled
        }
        if cancelNow { task.cancel() }
        watch.schedule(deadline: .now() + Self.disconnectPoll, repeating: Self.disconnectPoll)
        watch.setEventHandler { [weak self] in self?.checkClient() }
        watch.resume()
    }

    /// Fills `buffer` with the next bytes, an end code, or 0 after suspending the connection until there is more.
    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        lock.withLock {
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
            guard registry.suspending() else {
                _ = cancelLocked()
                return Self.endWithError
            }
            // Suspending under the lock is safe: the only other users of this connection's suspension
            // lists are resumers, which never hold this lock while they resume.
            suspended = connection.suspend()
            return 0
        }
    }

    /// MHD is done with the body: stop the producer and forget the pump.
    func close() {
        // Never suspended here (MHD is freeing the response of a connection it is processing), but if it
        // were, the connection is going away: balance the count without handing MHD the connection.
        if lock.withLock({ cancelLocked() }) != nil { registry.resumed() }
        watch.cancel()
        registry.unregister(self)
    }

    func shutDown() {
        resume(lock.withLock { cancelLocked() })
    }

    private func append(_ chunk: Data) {
        let resumption = lock.withLock { () -> SuspendedConnection? in
            guard !cancelled, !chunk.isEmpty else { return nil }
            chunks.append(chunk)
            buffered += chunk.count
            if buffered > Self.maxBufferedBytes { return cancelLocked() }
            return takeSuspended()
        }
        resume(resumption)
    }

    /// A client that left is not noticed by MHD while its connection is suspended, so look for it here.
    /// The socket is read only while suspended: until resumed, MHD cannot close it and reuse the descriptor.
    private func checkClient() {
        let resumption = lock.withLock { () -> SuspendedConnection? in
            guard suspended != nil, let socket, Socket.peerClosed(socket) else { return nil }
            return cancelLocked()
        }
        resume(resumption)
    }

    /// Call with `lock` held; the connection to resume after unlocking, if it was suspended.
    private func takeSuspended() -> SuspendedConnection? {
        defer { suspended = nil }
        return suspended
    }

    /// Call with `lock` held; the connection to resume after unlocking, if it was suspended.
    private func cancelLocked() -> SuspendedConnection? {
        if !cancelled {
            cancelled = true
            chunks.removeAll()
            buffered = 0
            task?.cancel()
        }
        return takeSuspended()
    }

    private func resume(_ resumption: SuspendedConnection?) {
        guard let resumption else { return }
        resumption.resume()
        registry.resumed()
    }
}
