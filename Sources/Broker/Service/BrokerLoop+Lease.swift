import Foundation
import Journal
import Log
import Wire
import ZeroMQ

extension BrokerLoop {
    /// How long the lease lasts past its last renewal: as long as a worker's silence before it is
    /// declared dead (`heartbeatMs` × `liveness`, 3 s by default), so a standby takes over about as
    /// fast as a lost worker is noticed.
    var leaseTTL: Duration {
        .milliseconds(Int(state.settings.heartbeatInterval * Double(state.settings.liveness) * 1000))
    }

    /// How long until the lease must be extended; a second when this broker holds none.
    var untilRenewal: Duration {
        guard let lease else { return .seconds(1) }
        return max(.zero, ContinuousClock.now.duration(to: lastRenewal + lease.ttl / 3))
    }

    /// Extends the lease once a third of it has passed; throws `LeaseLost` when another broker took it.
    func keepLease() throws {
        guard let lease, ContinuousClock.now - lastRenewal >= lease.ttl / 3 else { return }
        try journal.renewLease()
        lastRenewal = .now
    }

    /// Waits until this broker holds the lease of the shared journal, answering every client with
    /// `notActive` and turning workers away meanwhile, then recovers the journal's state. Returns
    /// false when stopped first.
    func standBy() throws -> Bool {
        log.info("standing by until this broker holds the lease of \(journal.path) (another broker may hold it now)")
        let retry = max(leaseTTL / 8, .milliseconds(50))
        var nextAttempt = ContinuousClock.now
        var lastProblem: String?
        while true {
            if ContinuousClock.now >= nextAttempt {
                var taken: Lease?
                do {
                    taken = try journal.takeLease(holder: holder, ttl: leaseTTL)
                } catch {
                    // The database is out of reach for now: keep standing by, and say so once per new problem.
                    let problem = "\(error)"
                    if problem != lastProblem { log.warning("cannot reach the journal to take the lease: \(problem)") }
                    lastProblem = problem
                }
                if let taken {
                    lease = taken
                    lastRenewal = .now
                    try recover()
                    log.info("active: took the lease (epoch \(taken.epoch))")
                    return true
                }
                nextAttempt = .now + retry
            }
            let readable = try poll(pollItems, timeout: max(.zero, ContinuousClock.now.duration(to: nextAttempt)))
            if readable[2] { return false }
            _ = try serveGate(readable)
            if readable[0] { try turnAway(clients) { correlation in Frames.encode(BrokerReply.error(Self.notActive), correlation: correlation) } }
            if readable[1] { try turnAway(workers) { correlation in Frames.encode(BrokerCommand.refused(Self.notActive), correlation: correlation) } }
        }
    }

    /// What a standby answers: no secrets, only that another endpoint should be tried.
    static let notActive = WireError(.notActive, "this broker is standing by; the active broker is at another endpoint")

    /// Answers every message waiting on `socket` with `reply` (given the message's correlation id).
    private func turnAway(_ socket: Socket, reply: (String) -> [Data]) throws {
        for _ in 0..<512 {
            guard let message = try socket.receiveMessage(), let peer = message.frames.first else { return }
            let frames = Array(message.frames.dropFirst())
            let correlation = frames.count == 4 ? String(decoding: frames[2], as: UTF8.self) : ""
            _ = try? socket.send([peer] + reply(correlation))
        }
    }
}
