import Foundation
import Log
import Primitives
import Synchronization
import TestSupport
import Testing
import Wire
import WorkerKit
import WorkerRuntime
import ZeroMQ

/// A worker given several brokers works for one at a time and follows the one that takes it.
@Suite struct WorkerFollowingTests {
    /// A stand-in broker on a ROUTER of its own thread: welcomes every worker that announces itself, and counts them.
    final class WelcomingBroker: Sendable {
        let endpoint: String
        private let stop: Wakeup
        private let announced = Mutex(0)

        init() throws {
            let socket = try Socket(try Context(), .router)
            try socket.bind("tcp://127.0.0.1:*")
            endpoint = try socket.lastEndpoint
            let stop = try Wakeup()
            self.stop = stop
            let owned = Handoff(socket)
            Thread { [self] in
                let socket = owned.value
                defer { socket.close() }
                while let readable = try? poll([.socket(socket), .fileDescriptor(stop.fileDescriptor)], timeout: nil), !readable[1] {
                    while let frames = try? socket.receive(), let peer = frames.first {
                        guard let (message, _) = try? Frames.decode(Array(frames.dropFirst()), as: WorkerMessage.self),
                            case .ready(let ready) = message
                        else { continue }
                        announced.withLock { $0 += 1 }
                        _ = try? socket.send([peer] + Frames.encode(BrokerCommand.welcome(.init(operations: ready.operations.map(\.name)))))
                    }
                }
            }.start()
        }

        /// How many times a worker announced itself (once per connection it kept long enough).
        var announcements: Int { announced.withLock { $0 } }

        func close() { stop.signal() }
    }

    @Test("A broker whose connection is up but whose handshake is slow (a starved process) takes the worker: it is not left after a second")
    func aSlowHandshakeIsWaitedFor() async throws {
        let broker = try WelcomingBroker()
        defer { broker.close() }
        // The connection is up at once; the broker speaks only after 1.5 s, as one starved of CPU does.
        let relay = try SlowRelay(to: broker.endpoint, delay: .milliseconds(1_500))
        defer { relay.close() }
        let absent = "ipc://\(FileManager.default.temporaryDirectory.path)/interlude-absent-\(UUID().uuidString)"
        var registry = OperationRegistry()
        try registry.register(Idle())
        // A ten-second window (heartbeats × liveness, which is also how long a handshake may take): the claim is that
        // the worker does not walk away after a second; a test process starved for a few seconds must not fake a refusal.
        let worker = try WorkerService(
            context: try Context(), endpoint: "\(relay.endpoint),\(absent)", registry: registry,
            settings: .init(name: "w1", capacity: 1, liveness: 10), log: Log("worker", level: .off))
        let running = Task { try await worker.run() }
        defer { running.cancel() }

        let operations = try await withTimeout(10) {
            for await operations in worker.welcomes { return operations }
            return []
        }
        #expect(operations == ["idle"], "the slow broker took the worker")
        #expect(broker.announcements == 1, "on the first connection: the worker never walked away from it")
    }
}
