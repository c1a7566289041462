import CMicroHTTPD
import Foundation
import Primitives
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A running libmicrohttpd daemon that owns the `ServerCore` its callbacks reach; stops at most once.
///
/// Stopping waits for every suspended connection to be resumed and joins MHD's polling thread, so it
/// always happens on a thread of its own: `stop()` returns at once and `stopped()` waits for it without
/// blocking the caller's thread.
final class MHDDaemon: Sendable {
    private struct Stopping {
        var started = false
        var done = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    /// Bytes of memory MHD gives each connection for its request line, headers and read buffer.
    static let connectionMemory = 32 << 10

    private let handle: Mutex<OpaquePointer?>
    private let stopping = Mutex(Stopping())
    private let core: ServerCore
    /// The port the listening socket is bound to.
    let port: Int

    /// Starts listening on `address`, accepting at most `core.connectionLimit` connections (any more is
    /// closed as soon as it is accepted, `MHDCallbacks.admit`), closing one silent for
    /// `idleTimeoutSeconds` and one whose request is late (`core.deadlines`); nil when the address
    /// cannot be bound or MHD refuses to start.
    init?(address: sockaddr_in, idleTimeoutSeconds: Int, core: ServerCore) {
        // One polling thread (epoll on Linux) serves every connection; a request waiting on its handler,
        // or a stream waiting for its next chunk, suspends its connection instead of holding a thread,
        // and the answer resumes it (MHD wakes the poller through its inter-thread channel). Responses are
        // always queued from MHD's own calls on that thread, as it requires. One thread rather than a pool:
        // MHD divides the connection limit between a pool's threads, and the handlers run on Swift's pool.
        let flags =
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_AUTO.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue
        MHDErrorPages.installed
        let context = Unmanaged.passUnretained(core).toOpaque()
        var address = address
        let daemon = withUnsafeMutablePointer(to: &address) { socketAddress in
            var options = [
                MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: UnsafeMutableRawPointer(socketAddress)),
                MHD_OptionItem(option: .CONNECTION_LIMIT, value: core.connectionLimit + 1, ptr_value: nil),
                MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: max(0, idleTimeoutSeconds), ptr_value: nil),
                // Explicit rather than MHD's default of the same size: a request line and headers that do
                // not fit get MHD's 414/431 (with our JSON body, docs/guarantees.md), so the bound is stated here.
                MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: Self.connectionMemory, ptr_value: nil),
                MHD_OptionItem(
                    option: .NOTIFY_COMPLETED, value: unsafeBitCast(MHDCallbacks.completed, to: Int.self),
                    ptr_value: context),
                MHD_OptionItem(
                    option: .NOTIFY_CONNECTION, value: unsafeBitCast(MHDCallbacks.connection, to: Int.self),
                    ptr_value: context),
                MHD_OptionItem(
                    option: .UNESCAPE_CALLBACK, value: unsafeBitCast(MHDCallbacks.keepEscapes, to: Int.self),
                    ptr_value: nil),
                MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
            ]
            return options.withUnsafeMutableBufferPointer { array in
                withVaList([MHD_OPTION.ARRAY.rawValue, array.baseAddress!, MHD_OPTION.END.rawValue]) {
                    MHD_start_daemon_va(flags, 0, MHDCallbacks.admit, context, MHDCallbacks.access, context, $0)
                }
            }
        }
        guard let daemon else { return nil }
        guard let port = MHDInfo.boundPort(daemon) else {
            MHD_stop_daemon(daemon)
            return nil
        }
        self.handle = Mutex(daemon)
        self.core = core
        self.port = port
        core.deadlines.start()
    }

    /// Starts closing the listening socket and every connection; returns at once.
    func stop() {
        guard
            stopping.withLock({ state in
                defer { state.started = true }
                return !state.started
            })
        else { return }
        let daemon = Handoff(handle.withLock { $0.take() })
        let thread = Thread { [self] in
            // MHD aborts when stopped with a connection still suspended; `HTTPServer.stop()` has shut
            // every participant down, which resumes each (a handler after its grace) and allows no more.
            core.registry.shutDownAll()
            core.registry.waitUntilNoneSuspended()
            if let pointer = daemon.value { MHD_stop_daemon(pointer) }
            core.deadlines.stop()
            let waiters = stopping.withLock { state in
                state.done = true
                defer { state.waiters.removeAll() }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
        thread.name = "interlude-http-stop"
        thread.start()
    }

    /// Stops (if not yet asked to) and returns once every connection is closed and MHD's thread joined.
    func stopped() async {
        stop()
        await withCheckedContinuation { continuation in
            let done = stopping.withLock { state in
                if !state.done { state.waiters.append(continuation) }
                return state.done
            }
            if done { continuation.resume() }
        }
    }

    // `stop()`'s thread holds the daemon until it is done, so this runs only for a daemon never
    // stopped, and then (the thread gone) nothing else can reach it: stopping here cannot deadlock.
    deinit {
        guard let daemon = handle.withLock({ $0.take() }) else { return }
        core.registry.shutDownAll()
        core.registry.waitUntilNoneSuspended()
        MHD_stop_daemon(daemon)
        core.deadlines.stop()
    }
}
