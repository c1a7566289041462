/// Which of several brokers a client or a worker follows, and when it leaves one for the next: the
/// ZeroMQ guide's Lazy Pirate for a connection with many requests in flight. Pure; the socket thread
/// that owns the connection drives it with what happened and when, and does what it answers.
///
/// A connection is trusted while its broker lets it in and answers. A broker that answers `notActive`
/// (it stands by) is left for the next one at once; so is one that goes away, cannot be reached, lets
/// no connection up within `connectWait`, does not finish the handshake within `handshakeWait`, or falls
/// silent past the liveness window: the messages it held go again to the next. A broker left because it
/// failed (all but standing by) is passed over for one liveness window while a broker not known to have
/// failed remains, so a link bounced by a standby that has not yet taken over tries that standby again
/// instead of the frozen broker. Each reopen waits a backoff that doubles with each failure in a row
/// (at most `longestMove` when moving along a list) and starts over at the first reply.
public struct BrokerLink: Sendable {
    /// What to do with the connection.
    public enum Verdict: Sendable, Equatable {
        /// It is fine (or only slow): keep it.
        case keep
        /// Close it now and open one after this delay; `resend`: what it held is sent again on the next
        /// (the broker left it unanswered), or fails (it may or may not have taken effect).
        case reopen(after: Duration, resend: Bool)
    }

    /// The brokers' endpoints, in the order they are tried.
    public let endpoints: [String]
    /// The waits before reopening.
    public let backoff: Backoff
    /// How long a broker may be silent before it counts as gone (`heartbeatMs` × `liveness`, as the
    /// brokers' lease), and how long a broker left because it failed is passed over.
    public let liveness: Duration
    /// How long one of several brokers may take to let the connection up.
    public let connectWait: Duration
    /// How long one of several brokers whose connection is up may take to finish the handshake.
    public let handshakeWait: Duration
    /// Whether silence is judged here from what was heard (`heard(at:)`), not by the socket's heartbeats.
    public let watchesSilence: Bool

    /// The endpoint the current connection goes to, by index.
    public private(set) var current = 0
    /// Failures since the last reply.
    public private(set) var failures = 0
    /// When the current connection last delivered a reply.
    public private(set) var lastReply: ContinuousClock.Instant?
    /// Connections opened after the first.
    public private(set) var reopens = 0
    /// When each endpoint (by index) was last left because it failed.
    public private(set) var failedAt: [Int: ContinuousClock.Instant] = [:]
    /// The current connection's state.
    public internal(set) var connection: Connection
    /// Handshakes that broke off in a row, over every connection, since one last succeeded.
    public internal(set) var brokenHandshakes = 0

    /// How many handshakes must break off in a row before the link takes it for a refusal: three for each
    /// broker, so a broker stopped in the middle of one (or a list switching over) is not taken for a wrong
    /// key, while a wrong key (every handshake breaking off, libzmq retrying) is told within a few retries.
    public var brokenHandshakesToRefuse: Int { 3 * endpoints.count }

    /// A link to the first of `endpoints` (at least one), its connection opened at `now`.
    public init(
        endpoints: [String], backoff: Backoff, liveness: Duration = .seconds(3), connectWait: Duration = .seconds(1),
        handshakeWait: Duration = .seconds(3), watchesSilence: Bool = false, at now: ContinuousClock.Instant = .now
    ) {
        precondition(!endpoints.isEmpty, "a link needs an endpoint")
        self.endpoints = endpoints
        self.backoff = backoff
        self.liveness = liveness
        self.connectWait = connectWait
        self.handshakeWait = handshakeWait
        self.watchesSilence = watchesSilence
        connection = Connection(openedAt: now)
    }

    /// The endpoint to connect the current connection to.
    public var endpoint: String { endpoints[current] }

    /// Whether there is another broker to move on to.
    public var hasAlternatives: Bool { endpoints.count > 1 }

    /// The ZMTP heartbeats a socket that does not judge silence itself asks libzmq for, given several
    /// brokers: a ping every sixth of the liveness window, and the connection dropped when nothing at all
    /// came back for the window after a ping. The peer's I/O thread answers, so this tells a stopped or
    /// vanished process from one that is only busy. With one broker there is nowhere to go: nil, and a
    /// frozen broker keeps its connection and answers what waits in it once it runs again.
    public var heartbeats: (interval: Duration, timeout: Duration)? {
        guard hasAlternatives, !watchesSilence else { return nil }
        return (liveness / 6, liveness)
    }

    /// A new connection to `endpoint` was opened at `now`.
    public mutating func opened(at now: ContinuousClock.Instant) {
        connection = Connection(openedAt: now)
    }

    /// Something arrived on the connection.
    public mutating func heard(at now: ContinuousClock.Instant) {
        connection.lastHeard = now
    }

    /// A reply arrived (for a worker: the broker took it in): the connection works.
    public mutating func replied(at now: ContinuousClock.Instant) {
        heard(at: now)
        lastReply = now
        failures = 0
    }

    /// A request sent at `sent` got no reply in time: broken only if nothing at all came back since it left
    /// (a busy broker answering other requests is slow, not broken).
    public mutating func timedOut(sentAt sent: ContinuousClock.Instant) -> Verdict {
        if let lastReply, lastReply >= sent { return .keep }
        return leave(.timedOut, at: sent)
    }

    /// The connection is left for `failure` at `now`: what to do with it.
    public mutating func leave(_ failure: Failure, at now: ContinuousClock.Instant) -> Verdict {
        failures += 1
        if failure.passesOver { failedAt[current] = now }
        let delay = backoff.delay(after: failures)
        guard failure.movesOn else { return .reopen(after: delay, resend: failure.resends) }
        return .reopen(after: min(delay, Self.longestMove), resend: true)
    }

    /// A new connection replaces the left one, on the next endpoint that has not failed within the
    /// liveness window (the one just left counts, when it was left only for standing by); when every
    /// one has, simply the next.
    public mutating func reopened(at now: ContinuousClock.Instant) {
        current = next(at: now)
        lastReply = nil
        reopens += 1
        opened(at: now)
    }

    /// The endpoint (by index) a reopen at `now` goes to.
    public func next(at now: ContinuousClock.Instant) -> Int {
        let order = (1...endpoints.count).map { (current + $0) % endpoints.count }
        return order.first { !hasFailed($0, at: now) } ?? order[0]
    }

    /// Whether the endpoint at `index` was left because it failed less than a liveness window ago.
    public func hasFailed(_ index: Int, at now: ContinuousClock.Instant) -> Bool {
        guard let failed = failedAt[index] else { return false }
        return failed.duration(to: now) < liveness
    }

    /// The longest wait before trying the next broker of a list.
    public static let longestMove: Duration = .milliseconds(500)
}
