extension BrokerLink {
    /// Why a connection is left.
    public enum Failure: Sendable, Hashable {
        /// The broker answered `notActive`: it stands by (it may be about to take over).
        case standingBy
        /// The connection went away, or fell silent past the window under the socket's heartbeats.
        case disconnected
        /// The endpoint cannot be reached.
        case unreachable
        /// The transport did not come up within the wait.
        case noConnection(within: Duration)
        /// The transport is up but the broker did not let the connection in within the wait.
        case noHandshake(within: Duration)
        /// Nothing arrived for the liveness window.
        case silent(for: Duration)
        /// A request got no reply within its timeout and nothing else came back.
        case timedOut
        /// The socket reported an error.
        case socketError

        /// Whether the broker is left for the next of a list at once (with a short wait) and what it held sent there.
        var movesOn: Bool {
            switch self {
            case .standingBy, .disconnected, .unreachable, .noConnection, .noHandshake: true
            case .silent, .timedOut, .socketError: false
            }
        }

        /// Whether the broker is known to have failed, so it is passed over for a liveness window.
        var passesOver: Bool {
            switch self {
            case .disconnected, .unreachable, .noConnection, .noHandshake, .silent: true
            case .standingBy, .timedOut, .socketError: false
            }
        }

        /// Whether what the connection held may be sent again elsewhere: the broker left it unanswered.
        var resends: Bool { self != .timedOut && self != .socketError }

        /// The reason, for logs and health, naming the broker at `endpoint`.
        public func reason(_ endpoint: String) -> String {
            switch self {
            case .standingBy: "the broker at \(endpoint) is standing by"
            case .disconnected: "the broker at \(endpoint) went away or fell silent"
            case .unreachable: "the broker at \(endpoint) cannot be reached"
            case .noConnection(let wait): "no connection to the broker at \(endpoint) within \(wait)"
            case .noHandshake(let wait): "the broker at \(endpoint) did not finish the handshake within \(wait)"
            case .silent(let window): "the broker at \(endpoint) was silent for \(window)"
            case .timedOut: "a request got no reply within its timeout and nothing else came back"
            case .socketError: "the connection to the broker at \(endpoint) failed"
            }
        }
    }
}
