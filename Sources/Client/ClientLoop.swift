import Foundation
import Synchronization
import Wire
import ZeroMQ

/// The request socket's thread: sends what callers post, matches replies to waiters, times requests
/// out, and closes and reopens the socket when `LazyPirate` says it is broken.
///
/// Every socket is made in `open()`, the one place its security, size limit and endpoint are applied.
final class ClientLoop {  // made on the caller's thread, then handed to the socket thread, which alone uses it
    private let context: Context
    private let options: BrokerConnection.Options
    private let outbox: Mailbox<Outgoing>
    private let waiters: Waiters<String, BrokerReply>
    private let health: HealthRecord
    private var pirate: LazyPirate
    private var socket: Socket?
    private var monitor: HandshakeMonitor?
    /// Requests sent on the current socket: when each left, and when it stops waiting.
    private var inFlight: [String: (sent: ContinuousClock.Instant, deadline: ContinuousClock.Instant)] = [:]
    /// Requests waiting for a socket (while one is being reopened).
    private var queued: [Outgoing] = []
    private var reopenAt: ContinuousClock.Instant?
    /// Set when the broker refused this client's key: requests fail at once instead of waiting.
    private var refusal: WireError?

    init(
        context: Context, options: BrokerConnection.Options, outbox: Mailbox<Outgoing>, waiters: Waiters<String, BrokerReply>,
        health: HealthRecord
    ) throws {
        self.context = context
        self.options = options
        self.outbox = outbox
        self.waiters = waiters
        self.health = health
        pirate = LazyPirate(endpoints: [options.clients], backoff: .init(initial: options.reopenDelay, maximum: options.maxReopenDelay))
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
        let next = (inFlight.values.map(\.deadline) + queued.map(\.deadline) + [reopenAt].compactMap { $0 }).min()
        guard let next else { return .seconds(1) }
        return min(max(.zero, ContinuousClock.now.duration(to: next)), .seconds(1))
    }

    private func send(_ request: Outgoing) {
        if let refusal { return waiters.fail(request.correlation, refusal) }
        guard let socket else { return queued.append(request) }
        do {
            if try socket.send(request.frames, timeout: .seconds(1)) {
                inFlight[request.correlation] = (.now, request.deadline)
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
            pirate.replied(at: .now)
            do {
                let (reply, correlation) = try Frames.decode(frames, as: BrokerReply.self, limits: options.limits)
                inFlight[correlation] = nil
                waiters.resolve(correlation, reply)
            } catch {
                // A reply that cannot be read still names its request: fail it now, not at the timeout.
                guard frames.count == 4 else { continue }
                let correlation = String(decoding: frames[2], as: UTF8.self)
                inFlight[correlation] = nil
                waiters.resolve(correlation, .error(error))
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
        for (correlation, request) in inFlight where request.deadline <= now {
            inFlight[correlation] = nil
            waiters.fail(correlation, timeout())
            if case .keep = verdict { verdict = pirate.timedOut(sentAt: request.sent) }
        }
        condemn(verdict, because: "a request got no reply within its timeout and nothing else came back")
    }

    private func timeout() -> WireError {
        WireError(.timeout, "the broker at \(pirate.endpoint) did not answer within \(options.requestTimeout)")
    }

    private func checkHandshakes() {
        guard let outcome = (try? monitor?.drain())??.last else { return }
        refusal = HandshakeRefusal.error(outcome, endpoint: pirate.endpoint)
        // What was sent before the refusal will never be answered.
        if let refusal {
            for correlation in inFlight.keys { waiters.fail(correlation, refusal) }
            inFlight.removeAll()
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
        pirate.reopened()
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
            try socket.connect(pirate.endpoint)
            self.socket = socket
            self.monitor = monitor
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
