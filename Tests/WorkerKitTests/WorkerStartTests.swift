import Foundation
import Log
import Primitives
import Synchronization
import Testing
import TestSupport
import Wire
import WorkerKit
import WorkerRuntime
import ZeroMQ

/// Where a job's body runs: on the worker's connection thread until it first suspends.
@Suite struct WorkerStartTests {
    /// A stand-in broker on a ROUTER of its own thread: welcomes a worker, dispatches `jobs` of `operation`
    /// to it, and hands on each result.
    final class DispatchingBroker: Sendable {
        let endpoint: String
        let results: AsyncStream<WorkerMessage.Result>
        private let stop: Wakeup

        init(operation: String, jobs: [String]) throws {
            let socket = try Socket(try Context(), .router)
            try socket.bind("tcp://127.0.0.1:*")
            endpoint = try socket.lastEndpoint
            let stop = try Wakeup()
            self.stop = stop
            let (results, delivered) = AsyncStream.makeStream(of: WorkerMessage.Result.self)
            self.results = results
            let owned = Handoff(socket)
            Thread {
                let socket = owned.value
                defer {
                    socket.close()
                    delivered.finish()
                }
                while let readable = try? poll([.socket(socket), .fileDescriptor(stop.fileDescriptor)], timeout: nil), !readable[1] {
                    while let frames = try? socket.receive(), let peer = frames.first {
                        guard let (message, _) = try? Frames.decode(Array(frames.dropFirst()), as: WorkerMessage.self) else { continue }
                        switch message {
                        case .ready(let ready):
                            _ = try? socket.send([peer] + Frames.encode(BrokerCommand.welcome(.init(operations: ready.operations.map(\.name)))))
                            for job in jobs {
                                let dispatch = BrokerCommand.Dispatch(job: job, attempt: 1, operation: operation, input: .object([:]), history: History())
                                _ = try? socket.send([peer] + Frames.encode(BrokerCommand.dispatch(dispatch)))
                            }
                        case .result(let result):
                            delivered.yield(result)
                        default:
                            break
                        }
                    }
                }
            }.start()
        }

        func close() { stop.signal() }
    }

    /// `j1` waits (at most a second, blocking its thread) for `j2` to start, and says whether it did.
    struct Blocking: WorkerKit.Operation {
        struct Input: Codable, Sendable {}
        static var name: String { "blocking" }
        static var summary: String { "Block until the second job starts" }
        let secondStarted = DispatchSemaphore(value: 0)

        func run(_ input: Input, in job: JobContext) async throws -> Bool {
            guard job.id == "j1" else {
                secondStarted.signal()
                return true
            }
            return wait()
        }

        private func wait() -> Bool { secondStarted.wait(timeout: .now() + 1) == .success }
    }

    @Test("A job's body runs on the worker's connection thread until it suspends: the next dispatch waits for it")
    func aJobStartsOnTheConnectionThread() async throws {
        let broker = try DispatchingBroker(operation: Blocking.name, jobs: ["j1", "j2"])
        defer { broker.close() }
        var registry = OperationRegistry()
        try registry.register(Blocking())
        let worker = try WorkerService(
            context: try Context(), endpoint: broker.endpoint, registry: registry, settings: .init(name: "w1", capacity: 2),
            log: Log("worker", level: .off))
        let running = Task { try await worker.run() }
        defer { running.cancel() }

        let results = try await withTimeout(10) {
            var results: [String: WorkerMessage.Result] = [:]
            for await result in broker.results {
                results[result.job] = result
                if results.count == 2 { break }
            }
            return results
        }
        #expect(results["j1"]?.outcome == .succeeded && results["j2"]?.outcome == .succeeded, "\(results)")
        // On a thread of the shared pool, j2 would have started while j1 waited.
        #expect(results["j1"]?.output == .bool(false), "j2 did not start before j1 was done: \(String(describing: results["j1"]))")
    }
}
