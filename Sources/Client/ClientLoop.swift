import Foundation
import Synchronization
import Wire
import ZeroMQ

/// The request socket's thread: sends what callers post, matches replies to waiters, times requests
/// out, and closes and reopens the socket when `LazyPirate` says it is broken.
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
    private var pirate: LazyPirate
    private var socket: Socket?
    private var monitor: HandshakeMonitor?
    /// Requests sent on the current socket, each with when it left; kept whole so it can be sent again.
    private var inFlight: [String: (request: Outgoing, sent: ContinuousClock.Instant)] = [:]
    /// Requests waiting for a socket (while one is being reopened).
    private var queued: [Outgoing] = []
    private var reopenAt: ContinuousClock.Instant?
    /// Set when the broker refused this client's key: requests fail at once instead of waiting.
    private var refusal: WireError?
    /// When the current socket was opened, whether its connection is up, and whether the broker let it in since.
    private var openedAt = ContinuousClock.now
    private var reached = false
    private var connected = false

    init(
        context: Context, options: BrokerConnection.Options, outbox: Mailbox<Outgoing>, waiters: Waiters<String, Frames.Envelope>,
        health: HealthRecord
    ) throws {
        self.context = context
        self.options = options
        self.outbox = outbox
        self.waiters = waiters
        self.health = health
        pirate = LazyPirate(
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
                waiters.fail(request.correlation, WireError(.unavailable, "the broker at \(pirate.endpoint) is not taking requests"))
            }
        } catch {
            waiters.fail(request.correlation, WireError(.unavailable, "cannot send to the broker at \(pirate.endpoint): \(error)"))
            condemn(pirate.failed(), because: "sending failed: \(error)")
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
                    if error.code == .notActive { return moveOn(because: "the broker at \(pirate.endpoint) is standing by") }
                    // An answer the broker left behind had committed before it stopped is this answer's success.
                    if let flight = inFlight[envelope.correlation], flight.request.resent,
                       let own = ResentAnswer.reply(to: flight.request.frames, refusal: error, correlation: envelope.correlation, limits: options.limits) {
                        envelope = own
                    }
                }
                pirate.replied(at: .now)
                inFlight[envelope.correlation] = nil
                waiters.resolve(envelope.correlation, envelope)
            } catch {
                pirate.replied(at: .now)
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
        var verdict = LazyPirate.Verdict.keep
        for (correlation, flight) in inFlight where flight.request.deadline <= now {
            inFlight[correlation] = nil
            waiters.fail(correlation, timeout())
            if case .keep = verdict { verdict = pirate.timedOut(sentAt: flight.sent) }
        }
        condemn(verdict, because: "a request got no reply within its timeout and nothing else came back")
        // One of several brokers that has not let us in for a while: try the next. A broker whose connection
        // is up is only slow to finish the handshake (starved of CPU) or frozen: it gets longer.
        let wait = reached ? Self.handshakeWait : Self.connectWait
        if pirate.hasAlternatives, socket != nil, !connected, !(inFlight.isEmpty && queued.isEmpty), openedAt.duration(to: now) >= wait {
            moveOn(failed: true, because: reached
                ? "the broker at \(pirate.endpoint) did not finish the handshake within \(wait)"
                : "no connection to the broker at \(pirate.endpoint) within \(wait)")
        }
    }

    /// How long one of several brokers may take to accept the connection before the next is tried.
    static let connectWait: Duration = .seconds(1)
    /// How long one of several brokers whose connection is up may take to let the client in.
    static let handshakeWait: Duration = .seconds(3)

    private func timeout() -> WireError {
        WireError(.timeout, "the broker at \(pirate.endpoint) did not answer within \(options.requestTimeout)")
    }

    private func checkHandshakes() {
        guard let outcomes = try? monitor?.drain() else { return }
        for outcome in outcomes {
            switch outcome {
            case .disconnected:
                // One of several brokers went away, or fell silent past the liveness window (its heartbeats
                // unanswered: a stopped process): the next may be active.
                if pirate.hasAlternatives, refusal == nil {
                    return moveOn(failed: true, because: "the broker at \(pirate.endpoint) went away or fell silent for \(pirate.liveness)")
                }
            case .unreachable:
                if pirate.hasAlternatives, refusal == nil { return moveOn(failed: true, because: "the broker at \(pirate.endpoint) cannot be reached") }
            case .established:
                reached = true
            case .succeeded:
                reached = true
                connected = true
                refusal = nil
            case .refused, .failed:
                refusal = HandshakeRefusal.error(outcome, endpoint: pirate.endpoint)
            }
        }
        // What was sent before the refusal will never be answered.
        if let refusal {
            for correlation in inFlight.keys { waiters.fail(correlation, refusal) }
            inFlight.removeAll()
        }
    }

    /// Leaves the current broker for the next of the list (passed over for a while when it `failed`):
    /// the requests it held wait for the new socket and are sent again there, oldest first, each within
    /// its own deadline and marked as resent.
    private func moveOn(failed: Bool = false, because reason: String) {
        guard socket != nil else { return }
        close()
        queued = inFlight.values.sorted { $0.sent < $1.sent }.map(\.request.again) + queued
        inFlight.removeAll()
        if case .reopen(let delay) = failed ? pirate.leave(at: .now) : pirate.moveOn() { reopenAt = .now + delay }
        health.withLock {
            $0.isOpen = false
            $0.lastProblem = reason
        }
    }

    /// Closes a broken socket now and schedules the new one; the requests it carried cannot be answered.
    private func condemn(_ verdict: LazyPirate.Verdict, because reason: String) {
        guard case .reopen(let delay) = verdict, socket != nil else { return }
        close()
        let reset = WireError(
            .unavailable, "the connection to the broker at \(pirate.endpoint) was reset (\(reason)) before it answered; the request may or may not have taken effect")
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
        pirate.reopened(at: .now)
        do {
            try open()
        } catch {
            reopenAt = .now + options.maxReopenDelay
            health.withLock { $0.lastProblem = "cannot open a socket: \(error)" }
            return
        }
        health.withLock { $0.reopens = pirate.reopens }
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
            if let heartbeats = pirate.heartbeats {
                try socket.setHeartbeatInterval(heartbeats.interval)
                try socket.setHeartbeatTimeout(heartbeats.timeout)
            }
            try socket.connect(pirate.endpoint)
            self.socket = socket
            self.monitor = monitor
            openedAt = .now
            reached = false
            connected = false
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
