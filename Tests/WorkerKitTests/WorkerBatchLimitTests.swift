import Foundation
import Log
import Primitives
import TestSupport
import Testing
import Wire
import WorkerKit
import WorkerRuntime
import ZeroMQ

/// A worker's batches against a broker with a smaller `maxMessageBytes` than its own, and against a broker that
/// refuses a batch whole: no result is lost either way.
@Suite struct WorkerBatchLimitTests {
    /// What a stand-in broker saw: each message's wire type and body size, the batches it refused, and the results it took.
    struct Seen: Sendable {
        var types: [String] = []
        var batchBytes: [Int] = []
        var refused: [String] = []
        var results: [WorkerMessage.Result] = []
    }

    /// A stand-in broker on a ROUTER of its own thread: welcomes a worker as one that reads batches with a limit of
    /// `brokerLimit` bytes, hands it `jobs` in one `dispatches` message, refuses the first `refuse` batches whole
    /// (with their correlation ids, taking nothing of them), and reports every message until every job's result came.
    static func run(jobs: [String], outputBytes: Int, brokerLimit: Int, refuse: Int) async throws -> Seen {
        let socket = try Socket(try Context(), .router)
        try socket.bind("tcp://127.0.0.1:*")
        let endpoint = try socket.lastEndpoint
        let owned = Handoff(socket)
        async let observed = onThread { () throws -> Seen in
            let socket = owned.value
            defer { socket.close() }
            var seen = Seen()
            let deadline = ContinuousClock.now + .seconds(10)
            while seen.results.count < jobs.count {
                guard let frames = try socket.receive(timeout: max(.zero, deadline - ContinuousClock.now)), let peer = frames.first else {
                    throw WireError(.internal, "\(seen.results.count) of \(jobs.count) results within 10 s: \(seen.types)")
                }
                let message = Array(frames.dropFirst())
                let type = String(decoding: message[1], as: UTF8.self)
                if type == "heartbeat" { continue }
                seen.types.append(type)
                let items: [WorkerMessage]
                if type == WorkerBatch.typeName {
                    seen.batchBytes.append(message[3].count)
                    let correlation = String(decoding: message[2], as: UTF8.self)
                    if seen.refused.count < refuse {
                        seen.refused.append(correlation)
                        let error = WireError(.tooLarge, "refused by the test")
                        _ = try socket.send([peer] + Frames.encode(BrokerCommand.refused(error), correlation: correlation))
                        continue
                    }
                    items = try Frames.decode(message, as: WorkerBatch.self).message.items.map(\.message)
                } else {
                    items = [try Frames.decode(message, as: WorkerMessage.self).message]
                }
                for item in items {
                    switch item {
                    case .ready:
                        let welcome = BrokerCommand.Welcome(operations: ["scripted"], batches: true, maxMessageBytes: brokerLimit)
                        _ = try socket.send([peer] + Frames.encode(BrokerCommand.welcome(welcome)))
                        let dispatches = jobs.map {
                            BrokerCommand.Dispatch(job: $0, attempt: 1, operation: "scripted", input: .object([:]), history: History())
                        }
                        _ = try socket.send([peer] + Frames.encode(BrokerCommand.dispatches(.init(dispatches))))
                    case .result(let result):
                        seen.results.append(result)
                    default:
                        break
                    }
                }
            }
            return seen
        }
        var registry = OperationRegistry()
        try registry.register(Scripted { job in String(repeating: "x", count: outputBytes) + job.id })
        let worker = try WorkerService(
            context: try Context(), endpoint: endpoint, registry: registry, settings: .init(name: "w1", capacity: jobs.count),
            log: Log("worker", level: .off))
        let running = Task { try await worker.run() }
        defer { running.cancel() }
        return try await observed
    }

    @Test("A broker whose welcome names a limit far below the worker's gets every batch within that limit, and every result")
    func batchesStayWithinTheBrokersLimit() async throws {
        let jobs = (1...40).map { "job_\($0)" }
        // 40 results of about 400 bytes: one batch of 16 KB under the worker's own 1 MiB.
        let seen = try await Self.run(jobs: jobs, outputBytes: 300, brokerLimit: 2_000, refuse: 0)
        #expect(seen.batchBytes.count >= 8, "\(seen.types)")
        #expect(seen.batchBytes.allSatisfy { $0 <= 2_000 }, "\(seen.batchBytes)")
        #expect(seen.results.map(\.job) == jobs, "every result, in order")
    }

    @Test("A batch the broker refuses whole is sent again one message at a time: every result arrives, none twice")
    func aRefusedBatchIsSentAgainMessageByMessage() async throws {
        let jobs = ["j1", "j2", "j3", "j4"]
        let seen = try await Self.run(jobs: jobs, outputBytes: 10, brokerLimit: 1 << 20, refuse: 1)
        #expect(seen.refused.count == 1)
        #expect(seen.refused.allSatisfy { $0.hasPrefix("b") && $0.count > 1 }, "a batch carries a correlation id of its own: \(seen.refused)")
        #expect(seen.types == ["ready", "batch", "result", "result", "result", "result"], "\(seen.types)")
        #expect(seen.results.map(\.job) == jobs)
        #expect(seen.results.allSatisfy { $0.outcome == .succeeded })
    }
}
