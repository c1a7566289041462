import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A POSIX signal a process handles, and the one place Interlude listens for them.
public struct UnixSignal: Sendable, Hashable, CustomStringConvertible {
    /// The signal number.
    public let number: Int32
    /// Its name, such as `SIGTERM`.
    public let description: String

    /// SIGTERM: stop, as service managers and `docker stop` ask.
    public static let terminate = UnixSignal(number: SIGTERM, description: "SIGTERM")
    /// SIGINT: Ctrl-C in a terminal.
    public static let interrupt = UnixSignal(number: SIGINT, description: "SIGINT")
    /// SIGHUP: reread configuration (the broker's authorized keys).
    public static let hangUp = UnixSignal(number: SIGHUP, description: "SIGHUP")
    /// The signals that stop a long-running command.
    public static let shutdown: [UnixSignal] = [.terminate, .interrupt]

    /// The signals among `signals` as they arrive, until the consumer stops iterating.
    ///
    /// Their default action (ending the process) is replaced by this stream for the life of the
    /// process, so a signal arriving between two listeners is not fatal.
    public static func stream(_ signals: [UnixSignal]) -> AsyncStream<UnixSignal> {
        let (stream, continuation) = AsyncStream.makeStream(of: UnixSignal.self)
        let sources = Sources(
            signals.map { signal in
                ignoreDefaultAction(signal)
                let source = DispatchSource.makeSignalSource(signal: signal.number, queue: .global())
                source.setEventHandler { continuation.yield(signal) }
                source.resume()
                return source
            })
        continuation.onTermination = { _ in
            for source in sources.all { source.cancel() }
        }
        return stream
    }

    private static let ignored = Mutex<Set<Int32>>([])

    /// The dispatch sources of one stream, cancelled when it ends.
    private struct Sources: @unchecked Sendable {  // dispatch sources are thread-safe; only `cancel()` is called
        let all: [any DispatchSourceSignal]
        init(_ all: [any DispatchSourceSignal]) { self.all = all }
    }

    private static func ignoreDefaultAction(_ handled: UnixSignal) {
        guard ignored.withLock({ $0.insert(handled.number).inserted }) else { return }
        _ = signal(handled.number, SIG_IGN)
    }
}
