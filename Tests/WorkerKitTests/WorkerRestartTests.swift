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

/// A worker whose broker restarts (on the same endpoint) is back with it at once.
@Suite struct WorkerRestartTests {
    /// A stand-in broker that, like the real one, knows only the workers that announced themselves to it:
    /// it welcomes a `ready` and answers anything else from a worker it does not know with `reconnect`.
    final class ForgetfulBroker: Sendable {
        let endpoint: String
        private let stop: Wakeup
        private let closed = Signal()

        /// Binds `endpoint`, trying again for a few seconds while the port is still held by a broker just closed.
        init(_ endpoint: String) throws {
            let socket = try Socket(try Context(), .router)
            var bound = false
            for _ in 0..<100 where !bound {
                do {
                    try socket.bind(endpoint)
                    bound = true
                } catch {
                    Thread.sleep(forTimeInterval: 0.05)
                }
            }
            if !bound { try socket.bind(endpoint) }
            self.endpoint = try socket.lastEndpoint
            let stop = try Wakeup()
            self.stop = stop
            let owned = Handoff(socket)
            Thread { [closed] in
                let socket = owned.value
                defer {
                    socket.close()
                    closed.fire()
                }
                var known: Set<Data> = []
                while let readable = try? poll([.socket(socket), .fileDescriptor(stop.fileDescriptor)], timeout: nil), !readable[1] {
                    while let frames = try? socket.receive(), let peer = frames.first {
                        guard let (message, _) = try? Frames.decode(Array(frames.dropFirst()), as: WorkerMessage.self) else { continue }
                        let reply: BrokerCommand
                        if case .ready(let ready) = message {
                            known.insert(peer)
                            reply = .welcome(.init(operations: ready.operations.map(\.name)))
                        } else if known.contains(peer) {
                            continue
                        } else {
                            reply = .reconnect
                        }
                        _ = try? socket.send([peer] + Frames.encode(reply))
                    }
                }
            }.start()
        }

        /// Stops it and waits until its socket is closed.
        func close() async throws {
            stop.signal()
            try await closed.wait(seconds: 10)
        }
    }

    @Test("A broker restarted on the same endpoint hears from the worker as soon as the connection is back, not a heartbeat later")
    func aRestartedBrokerTakesTheWorkerBackAtOnce() async throws {
        let first = try ForgetfulBroker("tcp://127.0.0.1:*")
        var registry = OperationRegistry()
        try registry.register(Idle())
        // Heartbeats a minute apart: the restarted broker would otherwise not hear from the worker for up to a minute.
        let worker = try WorkerService(
            context: try Context(), endpoint: first.endpoint, registry: registry,
            settings: .init(name: "w1", capacity: 1, heartbeatInterval: 60), log: Log("worker", level: .off))
        let running = Task { try await worker.run() }
        defer { running.cancel() }
        let welcomes = worker.welcomes
        let firstWelcome = try await withTimeout(10) {
            for await operations in welcomes { return operations }
            return []
        }
        #expect(firstWelcome == ["idle"])

        try await first.close()
        let second = try ForgetfulBroker(first.endpoint)
        defer { Task { try? await second.close() } }
        let secondWelcome = try await withTimeout(10) {
            for await operations in welcomes { return operations }
            return []
        }
        #expect(secondWelcome == ["idle"], "the worker announced itself again to the restarted broker")
    }
}
