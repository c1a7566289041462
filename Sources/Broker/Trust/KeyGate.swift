import Log
import Wire
import ZeroMQ

/// The loop's side of CURVE: the ZAP handler, the keys it admits, and the check of every command.
///
/// Owned by the broker's thread. New keys arrive through `updates` (SIGHUP) and apply from the next
/// handshake and the next command on: a removed key's open connections are refused from then on, and
/// the loop drops its worker registration and event subscriptions (`BrokerLoop.revoke`).
final class KeyGate {
    let handler: ZAPHandler
    let updates: Mailbox<AuthorizedKeys>
    private(set) var keys: AuthorizedKeys
    private let log: Log
    /// When each refused key and socket was last logged: a refused peer retries every few hundred
    /// milliseconds, and a stranger must not be able to fill the log.
    private var lastLogged: [String: ContinuousClock.Instant] = [:]
    private static let logInterval: Duration = .seconds(60)

    /// Binds the ZAP handler; call before binding any CURVE server socket of `context`.
    init(context: Context, keys: AuthorizedKeys, updates: Mailbox<AuthorizedKeys>, log: Log) throws(ZMQError) {
        handler = try ZAPHandler(context)
        self.keys = keys
        self.updates = updates
        self.log = log
    }

    /// Answers the handshakes waiting on the ZAP socket.
    func answerHandshakes() throws(ZMQError) {
        try handler.answerWaiting { request in
            let decision = keys.admission(request)
            if case .refuse(let reason) = decision, shouldLog("\(request.domain) \(request.publicKey?.z85 ?? request.address)") {
                log.warning("refused a connection to \(request.domain) from \(request.address) (key \(request.publicKey?.z85 ?? "none")): \(reason)")
            }
            return decision
        }
    }

    /// Whether a refusal for `subject` is due for the log again (once a minute each, a bounded memory).
    private func shouldLog(_ subject: String) -> Bool {
        let now = ContinuousClock.now
        if let last = lastLogged[subject], now - last < Self.logInterval { return false }
        if lastLogged.count >= 1_000 { lastLogged.removeAll() }
        lastLogged[subject] = now
        return true
    }

    /// Takes the newest keys posted since the last call; returns the keys they replace, or nil when none came.
    func applyUpdates() -> AuthorizedKeys? {
        guard let newest = updates.drain().last else { return nil }
        log.info("authorized keys reloaded: \(newest.identities.count) key(s), was \(keys.identities.count)")
        defer { keys = newest }
        return keys
    }

    /// The names of the keys `earlier` let subscribe to events that the current keys no longer let in.
    func revokedSubscribers(since earlier: AuthorizedKeys) -> [String] {
        earlier.identities.filter { key, identity in
            identity.mayConnect(to: .events) && !(keys[key]?.mayConnect(to: .events) ?? false)
        }.map(\.value.name).sorted()
    }

    /// The client's request as its key may make it, or a `forbidden` refusal.
    func authorize(_ request: ClientRequest, userID: String?) throws(WireError) -> ClientRequest {
        guard let identity = userID.flatMap({ keys[$0] }) else {
            throw WireError(.forbidden, "this connection's key is no longer authorized")
        }
        return try identity.authorize(request)
    }

    /// Whether the worker connection's key still holds the worker role.
    func isWorker(_ userID: String?) -> Bool {
        userID.flatMap { keys[$0] }?.roles.contains(.worker) ?? false
    }

    func close() { handler.close() }
}
