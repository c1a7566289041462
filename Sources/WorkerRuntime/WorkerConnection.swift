import Foundation
import Log
import Wire
import WorkerKit
import ZeroMQ

/// The worker's socket thread: announces, heartbeats, relays, and reconnects when the broker goes quiet.
///
/// Given several brokers (a comma-separated endpoint), it works for one at a time and follows the
/// active one: a broker that answers `notActive`, goes away or cannot be reached is left for the next.
struct WorkerConnection: Sendable {
    let context: Context
    /// The broker's worker endpoints, from a comma-separated setting.
    let endpoints: [String]
    let security: SocketSecurity

    init(context: Context, endpoint: String, security: SocketSecurity) {
        self.context = context
        endpoints = EndpointList.split(endpoint)
        self.security = security
    }

    /// How a session with one broker ended.
    enum SessionEnd: Sendable, Hashable {
        /// The broker was silent too long (or the worker is stopping).
        case silent
        /// One of several brokers is not the active one: move on to the next at once.
        case moveOn(String)
    }

    /// Runs sessions one after another until the service stops; waits with backoff between them.
    func run(for service: WorkerService) {
        var backoff = SessionBackoff()
        var index = 0
        while !service.isStopped {
            let endpoint = endpoints[index % endpoints.count]
            var end = SessionEnd.silent
            var welcomed = false
            do {
                end = try session(service, endpoint: endpoint, welcomed: &welcomed)
            } catch {
                service.log.warning("connection to \(endpoint) failed: \(error)")
            }
            guard !service.isStopped else { break }
            service.dropAll()
            service.executor.runReady()
            index += 1
            // Walking a list of brokers while none is active yet: quick, but not a busy loop.
            let wait = backoff.wait(after: end, welcomed: welcomed)
            switch end {
            case .silent:
                service.log.warning("broker at \(endpoint) silent; reconnecting in \(wait)s")
            case .moveOn(let reason):
                service.log.info("\(reason); trying \(endpoints[index % endpoints.count])")
            }
            // Waits on the stop request, so stopping never waits for the backoff to pass.
            _ = try? poll([.fileDescriptor(service.stopRequest.fileDescriptor)], timeout: .milliseconds(Int(wait * 1000)))
        }
    }

    /// One connection's life; returns when the broker has been silent too long, or, with several
    /// brokers, when this one is not the active one. `welcomed` becomes true once the broker takes the worker.
    private func session(_ service: WorkerService, endpoint: String, welcomed: inout Bool) throws -> SessionEnd {
        let socket = try Socket(context, .dealer, security: security)
        let monitor = try HandshakeMonitor(watching: socket, in: context)
        defer {
            monitor.close()
            socket.close()
        }
        try socket.setMaxMessageSize(Int64(service.settings.limits.frameBytes))
        try socket.connect(endpoint)
        let interval = service.settings.heartbeatInterval
        let ready = WorkerMessage.ready(.init(name: service.settings.name, operations: service.registry.announcements, capacity: service.settings.capacity))
        _ = try socket.send(Frames.encode(ready), timeout: .seconds(1))
        let opened = Date()
        var lastHeard = Date()
        var lastSent = Date()
        var reported = false
        // The connection is up (`reached`), and the broker let the worker in (`connected`).
        var reached = false
        var connected = false
        let several = endpoints.count > 1
        while true {
            // Nothing this thread resumed waits across a `poll`.
            if service.executor.hasReady { service.executor.runReady() }
            let items: [PollItem] = [.socket(socket), .fileDescriptor(service.outbox.fileDescriptor), .socket(monitor.socket)]
            let readable = try poll(items, timeout: .milliseconds(Int(interval * 250)))
            if readable[2] {
                let outcomes = try monitor.drain()
                reported = report(outcomes, already: reported, endpoint: endpoint, log: service.log)
                for outcome in outcomes {
                    switch outcome {
                    case .established: reached = true
                    case .succeeded:
                        // Connected again on the same socket: the broker may have restarted and know nothing of
                        // this worker. A heartbeat at once makes it say so (`reconnect`) on its first turn,
                        // instead of up to a heartbeat interval later.
                        if connected { try sendHeartbeat(socket, &lastSent) }
                        (reached, connected) = (true, true)
                        // A handshake slowed by a busy machine does not count against the broker's silence.
                        lastHeard = Date()
                    case .disconnected where several: return .moveOn("the broker at \(endpoint) went away")
                    case .unreachable where several: return .moveOn("the broker at \(endpoint) cannot be reached")
                    default: break
                    }
                }
            }
            if readable[1] || service.outbox.isClosed {
                try flush(service, socket, &lastSent)
                if service.outbox.isClosed { return .silent }
            }
            while let frames = try socket.receive() {
                lastHeard = Date()
                let command: BrokerCommand
                let correlation: String
                do {
                    (command, correlation) = try Frames.decode(frames, as: BrokerCommand.self, limits: service.settings.limits)
                } catch {
                    service.refuse(dispatch: frames, error)
                    continue
                }
                if case .refused(let error) = command, error.code == .notActive {
                    return .moveOn("the broker at \(endpoint) is standing by")
                }
                if case .reconnect = command {
                    service.log.info("the broker does not know this worker; announcing again")
                    service.dropAll()
                    service.executor.runReady()
                    _ = try socket.send(Frames.encode(ready), timeout: .seconds(1))
                    continue
                }
                if case .welcome = command { welcomed = true }
                service.handle(command, correlation: correlation)
                // A job this message resumed goes on here; what a job that ended on this thread posted
                // (or any message posted meanwhile) leaves now, not after another turn through `poll`.
                service.executor.runReady()
                if service.outbox.hasMessages { try flush(service, socket, &lastSent) }
            }
            let now = Date()
            let window = interval * Double(service.settings.liveness)
            if now.timeIntervalSince(lastHeard) > window {
                // Up but never letting the worker in: frozen, most likely; with several brokers, the next may be active.
                if several, !connected { return .moveOn("the broker at \(endpoint) did not finish the handshake within \(window)s") }
                return .silent
            }
            // Only a connection that is not even up is given up after a second: a starved broker is slow, not gone.
            if several, !reached, now.timeIntervalSince(opened) > 1 { return .moveOn("no connection to the broker at \(endpoint) within a second") }
            if now.timeIntervalSince(lastSent) >= interval { try sendHeartbeat(socket, &lastSent) }
        }
    }

    /// Sends everything the mailbox holds, in posting order.
    private func flush(_ service: WorkerService, _ socket: Socket, _ lastSent: inout Date) throws {
        for frames in service.outbox.drain() { _ = try socket.send(frames, timeout: .seconds(1)) }
        lastSent = Date()
    }

    private func sendHeartbeat(_ socket: Socket, _ lastSent: inout Date) throws {
        _ = try socket.send(Frames.encode(WorkerMessage.heartbeat))
        lastSent = Date()
    }

    /// Says once per connection why the broker does not let this worker in (libzmq keeps retrying); true once said.
    private func report(_ outcomes: [HandshakeMonitor.Outcome], already: Bool, endpoint: String, log: Log) -> Bool {
        let handshakes = outcomes.filter {
            switch $0 {
            case .established, .disconnected, .unreachable: false
            default: true
            }
        }
        guard let outcome = handshakes.last else { return already }
        if case .succeeded = outcome { return false }
        guard !already else { return true }
        switch outcome {
        case .established, .succeeded, .disconnected, .unreachable:
            break
        case .refused:
            log.error("the broker at \(endpoint) refused this worker's CURVE key; list it as a worker in the broker's authorizedKeysFile")
        case .failed:
            log.error("the security handshake with the broker at \(endpoint) failed: check brokerPublicKey and curveSecretKeyFile")
        }
        return true
    }
}
