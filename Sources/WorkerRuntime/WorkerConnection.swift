import Foundation
import Log
import Wire
import WorkerKit
import ZeroMQ

/// The worker's socket thread: announces, heartbeats, relays, and reconnects when the broker goes quiet.
struct WorkerConnection: Sendable {
    let context: Context
    let endpoint: String

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
        let socket = try Socket(context, .dealer)
        defer { socket.close() }
        try socket.setMaxMessageSize(Int64(service.settings.limits.frameBytes))
        try socket.connect(endpoint)
        let interval = service.settings.heartbeatInterval
        let ready = WorkerMessage.ready(.init(name: service.settings.name, operations: service.registry.names, capacity: service.settings.capacity))
        _ = try socket.send(Frames.encode(ready), timeout: .seconds(1))
        var lastHeard = Date()
        var lastSent = Date()
        while true {
            let readable = try poll([.socket(socket), .fileDescriptor(service.outbox.fileDescriptor)], timeout: .milliseconds(Int(interval * 250)))
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
}
