extension BrokerLink {
    /// What the socket's monitor reports of the connection.
    public enum Event: Sendable, Hashable {
        /// The transport is up.
        case established
        /// The broker let the connection in.
        case succeeded
        /// The broker's authentication refused the connection's key, or the peers speak different mechanisms: a
        /// verdict, taken at once.
        case refused
        /// The security handshake broke off without a verdict: a wrong server key or mechanism, or just as
        /// well a broker that stopped or restarted in the middle of it, so it counts as a refusal only when
        /// `brokenHandshakesToRefuse` break off in a row with no handshake succeeding between them.
        case brokeOff
        /// The connection went away (or, with heartbeats, fell silent past the window).
        case disconnected
        /// The endpoint cannot be reached.
        case unreachable
    }

    /// One connection's life so far.
    public struct Connection: Sendable, Hashable {
        /// When it was opened.
        public let openedAt: ContinuousClock.Instant
        /// When anything last arrived on it (its opening until then).
        public internal(set) var lastHeard: ContinuousClock.Instant
        /// Whether the transport is up.
        public internal(set) var reached = false
        /// Whether the broker let it in.
        public internal(set) var connected = false
        /// Whether the broker refused it (it is alive, so it is not left for that).
        public internal(set) var refused = false

        init(openedAt: ContinuousClock.Instant) {
            self.openedAt = openedAt
            lastHeard = openedAt
        }
    }

    /// Records `event` at `now`; the failure it is, if the connection must be left for it.
    public mutating func observe(_ event: Event, at now: ContinuousClock.Instant) -> Failure? {
        switch event {
        case .established:
            connection.reached = true
        case .succeeded:
            (connection.reached, connection.connected, connection.refused) = (true, true, false)
            brokenHandshakes = 0
            // A handshake slowed by a busy machine does not count against the broker's silence.
            heard(at: now)
        case .refused:
            connection.refused = true
        case .brokeOff:
            brokenHandshakes += 1
            if brokenHandshakes >= brokenHandshakesToRefuse {
                connection.refused = true
            } else if hasAlternatives {
                return .disconnected
            }
        case .disconnected where hasAlternatives && !connection.refused:
            return .disconnected
        case .unreachable where hasAlternatives && !connection.refused:
            return .unreachable
        case .disconnected, .unreachable:
            break
        }
        return nil
    }

    /// The failure the connection is left for at `now`, if any: silent past the liveness window (when
    /// silence is judged here), or, for one of several brokers while something waits to be sent or
    /// answered (`waiting`), no connection within `connectWait` or no handshake within `handshakeWait`.
    /// A broker whose connection is up is only slow to let it in (starved of CPU) or frozen: it gets longer.
    public func failure(at now: ContinuousClock.Instant, waiting: Bool) -> Failure? {
        if watchesSilence, connection.lastHeard.duration(to: now) > liveness {
            return hasAlternatives && !connection.connected ? .noHandshake(within: liveness) : .silent(for: liveness)
        }
        guard hasAlternatives, waiting, !connection.connected else { return nil }
        let open = connection.openedAt.duration(to: now)
        if connection.reached { return open >= handshakeWait ? .noHandshake(within: handshakeWait) : nil }
        return open >= connectWait ? .noConnection(within: connectWait) : nil
    }
}
