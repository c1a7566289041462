import Foundation
import Log
import ZeroMQ

extension BrokerLoop {
    /// Answers the key gate's handshakes and key updates when they are readable; a reload that revokes
    /// keys returns the effects of dropping their workers (`revoke`).
    func serveGate(_ readable: [Bool]) throws -> [BrokerEffect] {
        guard let gate else { return [] }
        var effects: [BrokerEffect] = []
        if readable[4], let earlier = gate.applyUpdates() { effects = revoke(since: earlier, gate: gate) }
        if readable[3] { try gate.answerHandshakes() }
        if eventsUnbound { bindEvents() }
        return effects
    }

    /// What a reload takes from the keys it removed: their workers' registrations (their jobs are
    /// requeued, as a dead worker's) and their event subscriptions.
    ///
    /// A PUB socket cannot drop one subscriber, so the events endpoint is closed and bound again: every
    /// subscriber's connection ends, and only those whose keys the ZAP handler still admits reconnect.
    /// A follower catches up from the journal what was published meanwhile (`EventFollower`).
    private func revoke(since earlier: AuthorizedKeys, gate: KeyGate) -> [BrokerEffect] {
        let subscribers = gate.revokedSubscribers(since: earlier)
        if !subscribers.isEmpty {
            do {
                try events.unbind(bound.events)
            } catch {
                log.error("could not close the events endpoint \(bound.events) to drop revoked subscribers: \(error)")
            }
            bindEvents()
            log.info("event subscriptions closed to drop revoked key(s) \(subscribers.joined(separator: ", ")); the others reconnect")
        }
        return state.revokeWorkers(stillWorker: gate.isWorker, now: Date())
    }

    /// Binds the events endpoint again after `revoke` closed it. libzmq closes the old listener on its
    /// own thread, so the address may be busy for a few milliseconds; past a short wait the next turn tries again.
    func bindEvents() {
        let deadline = ContinuousClock.now + .milliseconds(500)
        while true {
            do {
                try events.bind(bound.events)
                eventsUnbound = false
                return
            } catch {
                guard ContinuousClock.now < deadline else {
                    if !eventsUnbound { log.error("could not bind the events endpoint \(bound.events) again (\(error)); retrying") }
                    eventsUnbound = true
                    return
                }
                Thread.sleep(forTimeInterval: 0.002)
            }
        }
    }
}
