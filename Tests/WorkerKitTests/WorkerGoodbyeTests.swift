import Foundation
import Log
import Primitives
import TestSupport
import Testing
import Wire
import WorkerKit
import WorkerRuntime
import ZeroMQ

/// A worker that stops says goodbye, so the broker forgets it at once instead of after its silence.
@Suite struct WorkerGoodbyeTests {
    /// A stand-in broker that welcomes a worker and reports every message it hears from it.
    final class ListeningBroker: Sendable {
        let endpoint: String
        let heard: AsyncStream<WorkerMessage>
        private let stop: Wakeup

        init() throws {
            let socket = try Socket(try Context(), .router)
            try socket.bind("tcp://127.0.0.1:*")
            endpoint = try socket.lastEndpoint
            let stop = try Wakeup()
            self.stop = stop
            let (heard, hear) = AsyncStream.makeStream(of: WorkerMessage.self)
            self.heard = heard
            let owned = Handoff(socket)
            Thread {
                let socket = owned.value
                defer {
                    socket.close()
                    hear.finish()
                }
                while let readable = try? poll([.socket(socket), .fileDescriptor(stop.fileDescriptor)], timeout: nil), !readable[1] {
                    while let frames = try? socket.receive(), let peer = frames.first {
                        guard let (message, _) = try? Frames.decode(Array(frames.dropFirst()), as: WorkerMessage.self) else { continue }
                        if case .ready(let ready) = message {
                            _ = try? socket.send([peer] + Frames.encode(BrokerCommand.welcome(.init(operations: ready.operations.map(\.name)))))
                        }
                        hear.yield(message)
                    }
                }
            }.start()
        }

        func close() { stop.signal() }
    }

    @Test("A worker stopped after the broker took it sends `disconnect` before its socket closes")
    func aStoppingWorkerSaysGoodbye() async throws {
        let broker = try ListeningBroker()
        defer { broker.close() }
        var registry = OperationRegistry()
        try registry.register(Idle())
        let worker = try WorkerService(
            context: try Context(), endpoint: broker.endpoint, registry: registry,
            settings: .init(name: "w1", capacity: 1, heartbeatInterval: 60), log: Log("worker", level: .off))
        let running = Task { try await worker.run() }
        let welcomes = worker.welcomes
        let welcomed = try await withTimeout(10) {
            for await operations in welcomes { return operations }
            return []
        }
        #expect(welcomed == ["idle"])

        running.cancel()
        try await withTimeout(10) { try await running.value }
        let heard = broker.heard
        let saidGoodbye = try await withTimeout(10) {
            for await message in heard {
                if case .disconnect = message { return true }
            }
            return false
        }
        #expect(saidGoodbye, "the broker heard `disconnect` from the stopped worker")
    }
}
