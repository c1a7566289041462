public import Foundation
public import Primitives
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads key presses from a terminal on a thread of its own, so no async task ever blocks in `read`.
public final class KeyReader: Sendable {
    /// The keys as they are pressed; finishes when the input ends or `stop()` is called.
    public let keys: AsyncStream<KeyInput>
    private let stopWriter: Int32
    private let stopped = Atomic<Bool>(false)

    /// Starts reading `fileDescriptor` (a terminal in raw mode).
    public init(fileDescriptor: Int32 = STDIN_FILENO) throws(SystemCallError) {
        var pipeEnds: [Int32] = [-1, -1]
        try systemCall("pipe") { pipe(&pipeEnds) }
        let (stopReader, stopWriter) = (pipeEnds[0], pipeEnds[1])
        self.stopWriter = stopWriter
        let (keys, continuation) = AsyncStream.makeStream(of: KeyInput.self)
        self.keys = keys
        let thread = Thread {
            defer {
                close(stopReader)
                continuation.finish()
            }
            while let bytes = Self.nextChunk(fileDescriptor, stopReader: stopReader) {
                for input in KeyInput.decode(bytes) { continuation.yield(input) }
            }
        }
        thread.name = "interlude-keys"
        thread.start()
    }

    deinit {
        stop()
        close(stopWriter)
    }

    /// Stops the reading thread; the key stream finishes. Only the first call writes: the thread closes
    /// the pipe's read end as it ends, and a second write would then raise SIGPIPE.
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(stopWriter, &byte, 1)
    }

    /// The next chunk of bytes, or `nil` once the input ends, fails, or the stop pipe is written.
    private static func nextChunk(_ fileDescriptor: Int32, stopReader: Int32) -> [UInt8]? {
        var fds = [pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: stopReader, events: Int16(POLLIN), revents: 0)]
        guard (try? systemCall("poll", { poll(&fds, 2, -1) })) != nil, fds[1].revents == 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 64)
        guard let count = try? systemCall("read", { read(fileDescriptor, &buffer, buffer.count) }), count > 0 else { return nil }
        return Array(buffer.prefix(count))
    }
}
