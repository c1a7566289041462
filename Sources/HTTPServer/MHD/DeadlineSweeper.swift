import Foundation
import Primitives
import Synchronization

/// Ends the connections whose request is overdue (`RequestDeadlines`), checked a few times a second on
/// a thread of its own, so trickling a request a byte at a time cannot hold a connection for longer
/// than the deadlines, however often each byte resets the idle timeout.
///
/// libmicrohttpd 0.9.75 has no such deadline (its `MHD_OPTION_CONNECTION_TIMEOUT` counts only silence).
/// An overdue socket is shut down (`shutdown(SHUT_RDWR)`), never closed: libmicrohttpd's poller sees the
/// end, closes the connection itself and notifies `closed` before it closes the descriptor. Shutting
/// happens under the lock `closed` takes, so a descriptor is never shut once libmicrohttpd may reuse it.
final class DeadlineSweeper: Sendable {
    private let deadlines: Mutex<RequestDeadlines>
    private let running = Atomic<Bool>(false)
    private let interval: Duration

    init(head: Duration, body: Duration) {
        deadlines = Mutex(RequestDeadlines(head: head, body: body))
        interval = max(.milliseconds(10), min(.milliseconds(250), min(head, body) / 4))
    }

    /// Starts sweeping; once, when the daemon is running.
    func start() {
        guard !running.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let thread = Thread { [self] in
            while running.load(ordering: .acquiring) {
                Thread.sleep(forTimeInterval: Double(interval.wholeMilliseconds) / 1000)
                sweep()
            }
        }
        thread.name = "interlude-http-deadlines"
        thread.start()
    }

    /// Stops sweeping within one interval.
    func stop() {
        running.store(false, ordering: .releasing)
    }

    /// A connection was accepted.
    func opened(_ connection: OpaquePointer) {
        guard let socket = MHDInfo.socket(connection) else { return }
        deadlines.withLock { $0.opened(Int(bitPattern: connection), socket: socket, at: .now) }
    }

    /// Its request head is complete.
    func headReceived(_ connection: OpaquePointer) {
        deadlines.withLock { $0.headReceived(Int(bitPattern: connection), at: .now) }
    }

    /// Its whole request is in.
    func requestReceived(_ connection: OpaquePointer) {
        deadlines.withLock { $0.requestReceived(Int(bitPattern: connection)) }
    }

    /// Its response is done; the next request has a clock of its own.
    func completed(_ connection: OpaquePointer) {
        deadlines.withLock { $0.completed(Int(bitPattern: connection), at: .now) }
    }

    /// It is closed (its descriptor is closed right after this returns).
    func closed(_ connection: OpaquePointer) {
        deadlines.withLock { $0.closed(Int(bitPattern: connection)) }
    }

    private func sweep() {
        deadlines.withLock { deadlines in
            let now = ContinuousClock.now
            for socket in deadlines.overdue(at: now, lastReceived: { Socket.lastReceived($0, now: now) }) {
                Socket.shutDown(socket)
            }
        }
    }
}
