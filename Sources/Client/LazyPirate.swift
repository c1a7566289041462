/// When a client's socket is trusted, when it is broken and must be reopened, and on which endpoint:
/// the ZeroMQ guide's Lazy Pirate for a socket with many requests in flight. Pure; the socket thread
/// drives it.
///
/// A request that times out condemns the socket only if nothing at all came back on it since that
/// request left: a busy broker answering other requests is slow, not broken. A condemned socket is
/// closed and a new one opened after a backoff that doubles with each consecutive failure and resets
/// at the first reply. Each reopen moves to the next endpoint, so a list of brokers is tried in turn:
/// a broker that answers `notActive`, goes away or cannot be reached is left for the next one at once
/// (`moveOn`), the requests it held sent again there. A broker left because it failed (`leave(at:)`: its
/// connection fell silent or was lost, it could not be reached, its handshake never finished) is passed
/// over for one liveness window while a broker not known to have failed remains, so a client bounced by
/// a standby that has not yet taken over tries that standby again instead of the frozen broker.
struct LazyPirate: Sendable {
    /// How long to wait before reopening after consecutive failures.
    struct Backoff: Sendable, Hashable {
        var initial: Duration
        var maximum: Duration

        /// The wait after the `failures`th consecutive failure (1 for the first).
        func delay(after failures: Int) -> Duration {
            guard failures > 1 else { return initial }
            var delay = initial
            for _ in 1..<min(failures, 32) where delay < maximum { delay *= 2 }
            return min(delay, maximum)
        }
    }

    /// What to do with the socket.
    enum Verdict: Sendable, Equatable {
        /// It is fine (or only slow): keep it.
        case keep
        /// It is broken: close it now and open a new one after this delay.
        case reopen(after: Duration)
    }

    let endpoints: [String]
    let backoff: Backoff
    /// How long a broker may be silent before it counts as gone (`heartbeatMs` × `liveness`, as the
    /// brokers' lease), and how long a broker left because it failed is passed over.
    let liveness: Duration
    /// The endpoint the current socket connects to.
    private(set) var current = 0
    /// Failures since the last reply.
    private(set) var failures = 0
    /// When the current socket last delivered a reply.
    private(set) var lastReply: ContinuousClock.Instant?
    /// Sockets opened after the first.
    private(set) var reopens = 0
    /// When each endpoint (by index) was last left because it failed.
    private(set) var failedAt: [Int: ContinuousClock.Instant] = [:]

    init(endpoints: [String], backoff: Backoff, liveness: Duration = .seconds(3)) {
        precondition(!endpoints.isEmpty, "a client needs an endpoint")
        self.endpoints = endpoints
        self.backoff = backoff
        self.liveness = liveness
    }

    /// The ZMTP heartbeats the socket asks libzmq for, given several brokers: a ping every sixth of the
    /// liveness window, and the connection dropped when nothing at all came back for the window after a
    /// ping. The peer's I/O thread answers, so this tells a stopped or vanished process (its connection
    /// dropped between one and seven sixths of the window after it last sent anything) from one that is
    /// only busy. With one broker there is nowhere to go: nil, and a frozen broker keeps its connection
    /// and answers what waits in it once it runs again.
    var heartbeats: (interval: Duration, timeout: Duration)? {
        guard hasAlternatives else { return nil }
        return (liveness / 6, liveness)
    }

    /// The endpoint to connect the current socket to.
    var endpoint: String { endpoints[current] }

    /// A reply arrived: the socket works.
    mutating func replied(at now: ContinuousClock.Instant) {
        lastReply = now
        failures = 0
    }

    /// A request sent at `sent` got no reply in time.
    mutating func timedOut(sentAt sent: ContinuousClock.Instant) -> Verdict {
        if let lastReply, lastReply >= sent { return .keep }
        return condemn()
    }

    /// The socket failed outright (the library reported an error on it).
    mutating func failed() -> Verdict {
        condemn()
    }

    /// A new socket replaces the condemned one, on the next endpoint that has not failed within the
    /// liveness window (the one just left counts, when it was left only for standing by); when every
    /// one has, simply the next.
    mutating func reopened(at now: ContinuousClock.Instant) {
        let order = (1...endpoints.count).map { (current + $0) % endpoints.count }
        current = order.first { !hasFailed($0, at: now) } ?? order[0]
        lastReply = nil
        reopens += 1
    }

    /// Whether the endpoint at `index` was left because it failed less than a liveness window ago.
    func hasFailed(_ index: Int, at now: ContinuousClock.Instant) -> Bool {
        guard let failed = failedAt[index] else { return false }
        return failed.duration(to: now) < liveness
    }

    /// Whether there is another broker to move on to.
    var hasAlternatives: Bool { endpoints.count > 1 }

    /// The current broker is not the active one (it stands by, went away or cannot be reached): close
    /// the socket and try the next endpoint, soon. Waits double with each move in a row, up to half a
    /// second, so a list in which no broker is active yet is walked round without hammering it.
    mutating func moveOn() -> Verdict {
        failures += 1
        return .reopen(after: min(backoff.delay(after: failures), Self.longestMove))
    }

    /// The current broker failed (its connection fell silent past the liveness window or was lost, it
    /// cannot be reached, or it never finished the handshake): move on as from a standby, and pass it
    /// over for a liveness window.
    mutating func leave(at now: ContinuousClock.Instant) -> Verdict {
        failedAt[current] = now
        return moveOn()
    }

    /// The longest wait before trying the next broker of a list.
    static let longestMove: Duration = .milliseconds(500)

    private mutating func condemn() -> Verdict {
        failures += 1
        return .reopen(after: backoff.delay(after: failures))
    }
}
