import Foundation
import Log
import Wire
import WorkerKit
import ZeroMQ

/// The worker's socket thread: announces, heartbeats, relays, and reconnects when the broker goes quiet.
///
/// Given several brokers (a comma-separated endpoint), it works for one at a time and follows the
/// active one as its `BrokerLink` decides: a broker that answers `notActive`, goes away, cannot be
/// reached, never lets it in or falls silent is left for the next, and one left for failing is passed over
/// for a liveness window. After each move it announces itself again.
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

    /// The link the worker follows its brokers with: a session's silence judged from what it hears
    /// (`heartbeatInterval` × `liveness`), which is also how long a broker may take to let it in, and
    /// waits from a quarter of a second up to 8 s (half a second along a list), started over once a broker takes it.
    func link(_ settings: WorkerService.Settings) -> BrokerLink {
        let window = Duration.milliseconds(Int(settings.heartbeatInterval * 1000) * settings.liveness)
        return BrokerLink(
            endpoints: endpoints, backoff: .init(initial: .milliseconds(250), maximum: .seconds(8)), liveness: window, handshakeWait: window,
            watchesSilence: true)
    }

    /// Runs sessions one after another until the service stops; waits as the link says between them.
    func run(for service: WorkerService) {
        var link = link(service.settings)
        while !service.isStopped {
            let endpoint = link.endpoint
            var failure = BrokerLink.Failure.socketError
            do {
                failure = try session(service, link: &link)
            } catch {
                service.log.warning("connection to \(endpoint) failed: \(error)")
            }
            guard !service.isStopped else { break }
            service.dropAll()
            service.executor.runReady()
            guard case .reopen(let wait, _) = link.leave(failure, at: .now) else { continue }
            let next = link.endpoints[link.next(at: .now + wait)]
            switch failure {
            case .silent, .socketError, .timedOut:
                service.log.warning("broker at \(endpoint) silent; reconnecting in \(Self.seconds(wait))s")
            default:
                service.log.info("\(failure.reason(endpoint)); trying \(next)")
            }
            // Waits on the stop request, so stopping never waits for the backoff to pass.
            _ = try? poll([.fileDescriptor(service.stopRequest.fileDescriptor)], timeout: wait)
            link.reopened(at: .now)
        }
    }

    /// One connection's life, to the link's endpoint; returns why it was left: the broker was silent too
    /// long, or, with several brokers, this one is not the active one, went away or never let the worker in.
    private func session(_ service: WorkerService, link: inout BrokerLink) throws -> BrokerLink.Failure {
        let endpoint = link.endpoint
        let socket = try Socket(context, .dealer, security: security)
        let monitor = try HandshakeMonitor(watching: socket, in: context)
        defer {
            monitor.close()
            socket.close()
        }
        try socket.setMaxMessageSize(Int64(service.settings.limits.frameBytes))
        try socket.connect(endpoint)
        let interval = service.settings.heartbeatInterval
        let ready = WorkerMessage.ready(
            .init(name: service.settings.name, operations: service.registry.announcements, capacity: service.settings.capacity, batches: true, asked: true))
        _ = try socket.send(Frames.encode(ready), timeout: .seconds(1))
        link.opened(at: .now)
        var lastSent = Date()
        var reported = false
        // Whether this broker reads `batch` and its limit (its `welcome` says so): what is ready at once then goes in
        // one message, within both sides' limits; a batch it refuses whole is sent again one message at a time.
        var batches = BatchSender(ownLimit: service.settings.limits.maxMessageBytes, keepFor: link.liveness)
        while true {
            // Nothing this thread resumed waits across a `poll`.
            if service.executor.hasReady { service.executor.runReady() }
            let items: [PollItem] = [.socket(socket), .fileDescriptor(service.outbox.fileDescriptor), .socket(monitor.socket)]
            let readable = try poll(items, timeout: .milliseconds(Int(interval * 250)))
            if readable[2] {
                let outcomes = try monitor.drain()
                reported = report(outcomes, already: reported, endpoint: endpoint, log: service.log)
                for outcome in outcomes {
                    // Connected again on the same socket: the broker may have restarted and know nothing of
                    // this worker. A heartbeat at once makes it say so (`reconnect`) on its first turn,
                    // instead of up to a heartbeat interval later.
                    if case .succeeded = outcome, link.connection.connected { try sendHeartbeat(socket, &lastSent) }
                    // Whatever answers next may be another broker, with another limit: single messages until it welcomes.
                    if case .disconnected = outcome { batches.lost() }
                    if let failure = link.observe(BrokerLink.Event(outcome), at: .now) { return failure }
                }
            }
            let stopping = service.outbox.isClosed
            if readable[1] || stopping {
                // The goodbye is the last message: the socket lingers long enough to hand it to the broker.
                if stopping { try socket.setLinger(Self.goodbyeLinger) }
                try flush(service, socket, &lastSent, &batches)
                if stopping { return .silent(for: link.liveness) }
            }
            while let frames = try socket.receive() {
                link.heard(at: .now)
                let command: BrokerCommand
                let correlation: String
                do {
                    (command, correlation) = try Frames.decode(frames, as: BrokerCommand.self, limits: service.settings.limits)
                } catch {
                    service.refuse(dispatch: frames, error)
                    continue
                }
                if case .refused(let error) = command, error.code == .notActive { return .standingBy }
                if case .refused(let error) = command, BatchSender.names(correlation) {
                    try resend(batches.refused(correlation), refused: error, service, socket)
                    continue
                }
                if case .reconnect = command {
                    service.log.info("the broker does not know this worker; announcing again")
                    batches.lost()
                    service.dropAll()
                    service.executor.runReady()
                    _ = try socket.send(Frames.encode(ready), timeout: .seconds(1))
                    continue
                }
                if case .welcome(let welcome) = command {
                    link.replied(at: .now)
                    batches.welcomed(welcome)
                }
                service.handle(command, correlation: correlation)
                // A job this message resumed goes on here; what a job that ended on this thread posted
                // (or any message posted meanwhile) leaves now, not after another turn through `poll`.
                service.executor.runReady()
                if service.outbox.hasMessages { try flush(service, socket, &lastSent, &batches) }
            }
            // Silent past the window, or (with several brokers) not up within a second or not let in within the
            // window: a starved broker is slow, not gone, so only a connection that is not even up goes that soon.
            if let failure = link.failure(at: .now, waiting: true) { return failure }
            if Date().timeIntervalSince(lastSent) >= interval { try sendHeartbeat(socket, &lastSent) }
        }
    }

    /// `duration` in seconds, for the log.
    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// How long a stopping worker's socket may keep trying to deliver its goodbye after it is closed.
    static let goodbyeLinger: Duration = .milliseconds(500)

    /// Sends everything the mailbox holds, in posting order: in batches when the broker reads them.
    private func flush(_ service: WorkerService, _ socket: Socket, _ lastSent: inout Date, _ batches: inout BatchSender) throws {
        for frames in batches.pack(service.outbox.drain()) { _ = try socket.send(frames, timeout: .seconds(1)) }
        lastSent = Date()
    }

    /// A batch the broker refused whole changed nothing there: its messages go again, one at a time, each taken
    /// or refused as it would be alone. One no longer kept is lost, and said so.
    private func resend(_ carried: [[Data]]?, refused error: WireError, _ service: WorkerService, _ socket: Socket) throws {
        guard let carried else {
            service.log.error("the broker refused a batch this worker no longer keeps (\(error.message)); its messages are lost")
            return
        }
        service.log.warning("the broker refused a batch of \(carried.count) messages (\(error.message)); sending them one at a time")
        for frames in carried { _ = try socket.send(frames, timeout: .seconds(1)) }
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
