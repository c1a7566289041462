import Foundation
import Log
import Wire
import WorkerKit
import ZeroMQ

/// The worker's socket thread: announces, heartbeats, relays, and reconnects when the broker goes quiet.
struct WorkerConnection: Sendable {
    let context: Context
    let endpoint: String
    let security: SocketSecurity

    /// Runs sessions one after another until the service stops; waits with backoff between them.
    func run(for service: WorkerService) {
        var backoff: TimeInterval = 0.25
        while !service.isStopped {
            do {
                try session(service)
            } catch {
                service.log.warning("connection to \(endpoint) failed: \(error)")
            }
            guard !service.isStopped else { break }
            service.dropAll()
            service.log.warning("broker at \(endpoint) silent; reconnecting in \(backoff)s")
            // Waits on the stop request, so stopping never waits for the backoff to pass.
            _ = try? poll([.fileDescriptor(service.stopRequest.fileDescriptor)], timeout: .milliseconds(Int(backoff * 1000)))
            backoff = min(backoff * 2, 8)
        }
    }

    /// One connection's life; returns when the broker has been silent too long.
    private func session(_ service: WorkerService) throws {
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
        var lastHeard = Date()
        var lastSent = Date()
        var reported = false
        while true {
            let items: [PollItem] = [.socket(socket), .fileDescriptor(service.outbox.fileDescriptor), .socket(monitor.socket)]
            let readable = try poll(items, timeout: .milliseconds(Int(interval * 250)))
            if readable[2] { reported = report(try monitor.drain(), already: reported, log: service.log) }
            if readable[1] || service.outbox.isClosed {
                for frames in service.outbox.drain() { _ = try socket.send(frames, timeout: .seconds(1)) }
                lastSent = Date()
                if service.outbox.isClosed { return }
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
                if case .reconnect = command {
                    service.log.info("the broker does not know this worker; announcing again")
                    service.dropAll()
                    _ = try socket.send(Frames.encode(ready), timeout: .seconds(1))
                    continue
                }
                service.handle(command, correlation: correlation)
            }
            let now = Date()
            if now.timeIntervalSince(lastHeard) > interval * Double(service.settings.liveness) { return }
            if now.timeIntervalSince(lastSent) >= interval {
                _ = try socket.send(Frames.encode(WorkerMessage.heartbeat))
                lastSent = now
            }
        }
    }

    /// Says once per connection why the broker does not let this worker in (libzmq keeps retrying); true once said.
    private func report(_ outcomes: [HandshakeMonitor.Outcome], already: Bool, log: Log) -> Bool {
        guard let outcome = outcomes.last else { return already }
        if case .succeeded = outcome { return false }
        guard !already else { return true }
        switch outcome {
        case .succeeded:
            break
        case .refused:
            log.error("the broker at \(endpoint) refused this worker's CURVE key; list it as a worker in the broker's authorizedKeysFile")
        case .failed:
            log.error("the security handshake with the broker at \(endpoint) failed: check brokerPublicKey and curveSecretKeyFile")
        }
        return true
    }
}
