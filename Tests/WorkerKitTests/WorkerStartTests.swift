import Foundation
import Log
import Presentation
import Primitives
import Synchronization
import TestSupport
import Testing
import Wire
import WorkerKit
import WorkerRuntime
import ZeroMQ

/// Where a job's body runs: on the worker's connection thread until it first suspends, and there again
/// when that thread resumes it (an answer).
@Suite struct WorkerStartTests {
    /// A stand-in broker on a ROUTER of its own thread: welcomes a worker, dispatches `jobs` of `operation`
    /// to it, and hands on each result; a question is acknowledged and answered at once, followed in the
    /// same burst by the dispatch of `afterAnswer`.
    final class DispatchingBroker: Sendable {
        let endpoint: String
        let results: AsyncStream<WorkerMessage.Result>
        private let stop: Wakeup

        init(operation: String, jobs: [String], afterAnswer: [String] = []) throws {
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
                            for job in jobs { Self.dispatch(job, of: operation, to: peer, on: socket) }
                        case .present(let present):
                            guard let correlation = frames.count == 5 ? String(decoding: frames[3], as: UTF8.self) : nil,
                                let presentation = try? Presentation(
                                    present.draft, id: "prs-\(present.job)", job: present.job, sequence: present.sequence, createdAt: Date())
                            else { continue }
                            let answer = Resolution(
                                presentation: presentation.id, job: present.job, cause: .answered, action: "keep", by: "ana", channel: "cli", at: Date())
                            _ = try? socket.send([peer] + Frames.encode(BrokerCommand.presented(presentation), correlation: correlation))
                            let resume = BrokerCommand.Resume(job: present.job, attempt: present.attempt, sequence: present.sequence, resolution: answer)
                            _ = try? socket.send([peer] + Frames.encode(BrokerCommand.resume(resume)))
                            for job in afterAnswer { Self.dispatch(job, of: operation, to: peer, on: socket) }
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

        private static func dispatch(_ job: String, of operation: String, to peer: Data, on socket: Socket) {
            let dispatch = BrokerCommand.Dispatch(job: job, attempt: 1, operation: operation, input: .object([:]), history: History())
            _ = try? socket.send([peer] + Frames.encode(BrokerCommand.dispatch(dispatch)))
        }
    }

    /// `j1` waits (at most a second, blocking its thread) for `j2` to start, and says whether it did.
    struct Blocking: JobOperation {
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

    /// `j1` asks a question; once answered, it waits (at most a second, blocking its thread; after a
    /// `Task.yield()` when `yielding`) for `j2` to start, and says whether it did.
    static func answeredThenBlocking(yielding: Bool) -> Scripted<Bool> {
        let secondStarted = DispatchSemaphore(value: 0)
        return Scripted { job in
            guard job.id == "j1" else {
                secondStarted.signal()
                return true
            }
            _ = try await job.present(deleteDialog)
            if yielding { await Task.yield() }
            return secondStarted.wait(timeout: .now() + 1) == .success
        }
    }

    /// Runs `operation` on a worker of a stand-in broker until both `j1` and `j2` have a result.
    static func results(
        of operation: some JobOperation, jobs: [String], afterAnswer: [String] = []
    ) async throws -> [String: WorkerMessage.Result] {
        let broker = try DispatchingBroker(operation: type(of: operation).name, jobs: jobs, afterAnswer: afterAnswer)
        defer { broker.close() }
        var registry = OperationRegistry()
        try registry.register(operation)
        let worker = try WorkerService(
            context: try Context(), endpoint: broker.endpoint, registry: registry, settings: .init(name: "w1", capacity: 2),
            log: Log("worker", level: .off))
        let running = Task { try await worker.run() }
        defer { running.cancel() }
        return try await withTimeout(10) {
            var results: [String: WorkerMessage.Result] = [:]
            for await result in broker.results {
                results[result.job] = result
                if results.count == 2 { break }
            }
            return results
        }
    }

    @Test("A job's body runs on the worker's connection thread until it suspends: the next dispatch waits for it")
    func aJobStartsOnTheConnectionThread() async throws {
        let results = try await Self.results(of: Blocking(), jobs: ["j1", "j2"])
        #expect(results["j1"]?.outcome == .succeeded && results["j2"]?.outcome == .succeeded, "\(results)")
        // On a thread of the shared pool, j2 would have started while j1 waited.
        #expect(results["j1"]?.output == .bool(false), "j2 did not start before j1 was done: \(String(describing: results["j1"]))")
    }

    @Test("A job the connection thread resumes with its answer goes on there: the dispatch read after the answer waits for it")
    func anAnsweredJobGoesOnOnTheConnectionThread() async throws {
        let results = try await Self.results(of: Self.answeredThenBlocking(yielding: false), jobs: ["j1"], afterAnswer: ["j2"])
        #expect(results["j1"]?.outcome == .succeeded && results["j2"]?.outcome == .succeeded, "\(results)")
        // Resumed on a thread of the shared pool, j1 would have seen j2 start while it waited.
        #expect(results["j1"]?.output == .bool(false), "j2 did not start before j1 was done: \(String(describing: results["j1"]))")
    }

    @Test("A resumed job that yields goes on in the shared pool: the dispatch behind its answer starts meanwhile")
    func aResumedJobThatYieldsLeavesTheConnectionThread() async throws {
        let results = try await Self.results(of: Self.answeredThenBlocking(yielding: true), jobs: ["j1"], afterAnswer: ["j2"])
        #expect(results["j1"]?.outcome == .succeeded && results["j2"]?.outcome == .succeeded, "\(results)")
        #expect(results["j1"]?.output == .bool(true), "j2 started while j1 waited in the pool: \(String(describing: results["j1"]))")
    }
}
