import Synchronization

/// The connections open right now, counted from libmicrohttpd's start and close notifications, so a
/// request can tell whether it arrived past the connection limit.
final class ConnectionCount: Sendable {
    private let open = Atomic<Int>(0)

    /// How many connections are open, the one asking included.
    var current: Int { open.load(ordering: .relaxed) }

    /// A connection was accepted.
    func opened() {
        open.add(1, ordering: .relaxed)
    }

    /// A connection was closed.
    func closed() {
        open.subtract(1, ordering: .relaxed)
    }
}
