import Foundation
import Synchronization
import Wire
import ZeroMQ

/// The request socket's thread: sends what callers post, matches replies to waiters, times requests
/// out, and closes and reopens the socket when its `BrokerLink` says to.
///
/// Given several brokers (a comma-separated `clients`), it talks to one at a time and follows the
/// active one: a broker that answers `notActive`, goes away, cannot be reached, or whose connection falls
/// silent past the liveness window (ZMTP heartbeats: a stopped process sends nothing, not even the pong)
/// is left for the next, and the requests waiting on it are sent again there (each request keeps its
/// frames until answered). A single broker that answers `notActive` is asked again shortly, within each
/// request's timeout.
///
/// Every socket is made in `open()`, the one place its security, size limit and endpoint are applied.
final class ClientLoop {  // made on the caller's thread, then handed to the socket thread, which alone uses it
    private let context: Context
    private let options: BrokerConnection.Options
    private let outbox: Mailbox<Outgoing>
    private let waiters: Waiters<String, Frames.Envelope>
    private let health: HealthRecord
    private var link: BrokerLink
    private var socket: Socket?
    private var monitor: HandshakeMonitor?
    /// Requests sent on the current socket, each with when it left; kept whole so it can be sent again.
    private var inFlight: [String: (request: Outgoing, sent: ContinuousClock.Instant)] = [:]
    /// Requests waiting for a socket (while one is being reopened).
    private var queued: [Outgoing] = []
    private var reopenAt: ContinuousClock.Instant?
    /// Set when the broker refused this client's key: requests fail at once instead of waiting.
    private var refusal: WireError?

    init(
        context: Context, options: BrokerConnection.Options, outbox: Mailbox<Outgoing>, waiters: Waiters<String, Frames.Envelope>,
        health: HealthRecord
    ) throws {
        self.context = context
        self.options = options
        self.outbox = outbox
        self.waiters = waiters
        self.health = health
        link = BrokerLink(
            endpoints: EndpointList.split(options.clients), backoff: .init(initial: options.reopenDelay, maximum: options.maxReopenDelay),
            liveness: options.liveness)
        try open()
    }

    func run() {
        defer {
            close()
            waiters.failAll(where: { _ in true }, WireError(.unavailable, "the client is closed"))
        }
        while !outbox.isClosed {
            var items: [PollItem] = [.fileDescriptor(outbox.fileDescriptor)]
            if let socket, let monitor { items += [.socket(socket), .socket(monitor.socket)] }
            guard let readable = try? poll(items, timeout: wait()) else { return }
            if readable.count == 3, readable[2] { checkHandshakes() }
            if readable.count == 3, readable[1] { receive() }
            if readable[0] { for request in outbox.drain() { send(request) } }
            expire()
            if let reopenAt, reopenAt <= .now { reopen() }
        }
    }

    /// How long to poll: until the next deadline or reopening, at most a second.
    private func wait() -> Duration {
        let next = (inFlight.values.map(\.request.deadline) + queued.map(\.deadline) + [reopenAt].compactMap { $0 }).min()
        guard let next else { return .seconds(1) }
        return min(max(.zero, ContinuousClock.now.duration(to: next)), .seconds(1))
    }

    private func send(_ request: Outgoing) {
        if let refusal { return waiters.fail(request.correlation, refusal) }
        guard let socket else { return queued.append(request) }
        do {
            if try socket.send(request.frames, timeout: .seconds(1)) {
                inFlight[request.correlation] = (request, .now)
            } else {
                // Nothing let the request out within the second: the handshakes meanwhile may say why.
                checkHandshakes()
                waiters.fail(request.correlation, refusal ?? WireError(.unavailable, "the broker at \(link.endpoint) is not taking requests"))
            }
        } catch {
            waiters.fail(request.correlation, WireError(.unavailable, "cannot send to the broker at \(link.endpoint): \(error)"))
            condemn(link.leave(.socketError, at: .now), because: "sending failed: \(error)")
        }
    }

    private func receive() {
        guard let socket else { return }
        while let frames = try? socket.receive() {
            do {
                // Only the envelope is read here; the waiting caller decodes the body (or passes it on),
                // so this one thread does not decode every reply.
                var envelope = try Frames.envelope(frames, limits: options.limits)
                if envelope.type == "error", case .error(let error)? = try? BrokerReply.decode(type: envelope.type, body: envelope.body) {
                    // A standby: this request, and every other it holds, goes to the next broker (or,
                    // with one endpoint, to the same again shortly: it may be about to take over).
                    if error.code == .notActive { return leave(.standingBy) }
                    // An answer the broker left behind had committed before it stopped is this answer's success.
                    if let flight = inFlight[envelope.correlation], flight.request.resent,
                        let own = ResentAnswer.reply(to: flight.request.frames, refusal: error, correlation: envelope.correlation, limits: options.limits)
                    {
                        envelope = own
                    }
                }
                link.replied(at: .now)
                inFlight[envelope.correlation] = nil
                waiters.resolve(envelope.correlation, envelope)
            } catch {
                link.replied(at: .now)
                // A reply that cannot be read still names its request: fail it now, not at the timeout.
                guard frames.count == 4 else { continue }
                let correlation = String(decoding: frames[2], as: UTF8.self)
                inFlight[correlation] = nil
                waiters.fail(correlation, error)
            }
        }
    }

    /// Fails what waited too long; a socket that has answered nothing since such a request left is broken.
    private func expire() {
        let now = ContinuousClock.now
        queued.removeAll { request in
            guard request.deadline <= now else { return false }
            waiters.fail(request.correlation, timeout())
            return true
        }
        var verdict = BrokerLink.Verdict.keep
        for (correlation, flight) in inFlight where flight.request.deadline <= now {
            inFlight[correlation] = nil
            waiters.fail(correlation, timeout())
            if case .keep = verdict { verdict = link.timedOut(sentAt: flight.sent) }
        }
        condemn(verdict, because: BrokerLink.Failure.timedOut.reason(link.endpoint))
        // One of several brokers that has not let us in for a while: try the next.
        if socket != nil, let failure = link.failure(at: now, waiting: !(inFlight.isEmpty && queued.isEmpty)) { leave(failure) }
    }

    private func timeout() -> WireError {
        WireError(.timeout, "the broker at \(link.endpoint) did not answer within \(options.requestTimeout)")
    }

    private func checkHandshakes() {
        guard let outcomes = try? monitor?.drain() else { return }
        for outcome in outcomes {
            // One of several brokers went away, or fell silent past the liveness window (its heartbeats
            // unanswered: a stopped process), or cannot be reached: the next may be active.
            if let failure = link.observe(BrokerLink.Event(outcome), at: .now) { return leave(failure) }
            switch outcome {
            case .succeeded: refusal = nil
            case .refused, .failed(_, mismatch: true): refusal = HandshakeRefusal.error(outcome, endpoint: link.endpoint)
            // Broken off without a verdict: a refusal only once the link takes it for one.
            case .failed where link.connection.refused: refusal = HandshakeRefusal.error(outcome, endpoint: link.endpoint)
            case .failed: break
            case .established, .disconnected, .unreachable: break
            }
        }
        // What was sent before the refusal will never be answered.
        if let refusal {
            for correlation in inFlight.keys { waiters.fail(correlation, refusal) }
            inFlight.removeAll()
        }
    }

    /// Leaves the current broker for the next of the list (passed over for a while when it failed):
    /// the requests it held wait for the new socket and are sent again there, oldest first, each within
    /// its own deadline and marked as resent.
    private func leave(_ failure: BrokerLink.Failure) {
        guard socket != nil else { return }
        let reason = failure.reason(link.endpoint)
        let verdict = link.leave(failure, at: .now)
        guard case .reopen(let delay, resend: true) = verdict else { return condemn(verdict, because: reason) }
        close()
        queued = inFlight.values.sorted { $0.sent < $1.sent }.map(\.request.again) + queued
        inFlight.removeAll()
        reopenAt = .now + delay
        health.withLock {
            $0.isOpen = false
            $0.lastProblem = reason
        }
    }

    /// Closes a broken socket now and schedules the new one; the requests it carried cannot be answered.
    private func condemn(_ verdict: BrokerLink.Verdict, because reason: String) {
        guard case .reopen(let delay, _) = verdict, socket != nil else { return }
        close()
        let reset = WireError(
            .unavailable,
            "the connection to the broker at \(link.endpoint) was reset (\(reason)) before it answered; the request may or may not have taken effect")
        for correlation in inFlight.keys { waiters.fail(correlation, reset) }
        inFlight.removeAll()
        reopenAt = .now + delay
        health.withLock {
            $0.isOpen = false
            $0.lastProblem = reason
        }
    }

    private func reopen() {
        reopenAt = nil
        link.reopened(at: .now)
        do {
            try open()
        } catch {
            reopenAt = .now + options.maxReopenDelay
            health.withLock { $0.lastProblem = "cannot open a socket: \(error)" }
            return
        }
        health.withLock { $0.reopens = link.reopens }
        let waiting = queued
        queued = []
        for request in waiting { send(request) }
    }

    /// The one place a request socket is made: security, size limit, reconnect pace, endpoint.
    private func open() throws {
        let socket = try Socket(context, .dealer, security: options.security.socket)
        do {
            let monitor = try HandshakeMonitor(watching: socket, in: context)
            try socket.setMaxMessageSize(Int64(options.limits.frameBytes))
            try socket.setReconnectIntervalMax(.seconds(2))
            if let heartbeats = link.heartbeats {
                try socket.setHeartbeatInterval(heartbeats.interval)
                try socket.setHeartbeatTimeout(heartbeats.timeout)
            }
            try socket.connect(link.endpoint)
            self.socket = socket
            self.monitor = monitor
            link.opened(at: .now)
            refusal = nil
            health.withLock { $0.isOpen = true }
        } catch {
            socket.close()
            throw error
        }
    }

    private func close() {
        monitor?.close()
        socket?.close()
        monitor = nil
        socket = nil
    }
}

/// The socket thread's report of its socket's state, read by health checks from any thread.
final class HealthRecord: Sendable {
    private let state = Mutex(ConnectionHealth(isOpen: false, reopens: 0, lastProblem: nil))

    func withLock<T>(_ body: (inout ConnectionHealth) -> T) -> T { state.withLock { body(&$0) } }

    var current: ConnectionHealth { state.withLock { $0 } }
}
