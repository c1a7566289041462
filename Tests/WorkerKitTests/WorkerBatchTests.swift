import Foundation
import Log
import Primitives
import TestSupport
import Testing
import Wire
import WorkerKit
import WorkerRuntime
import ZeroMQ

/// A worker and a broker that reads batches: what the worker has ready at once goes in one message.
@Suite struct WorkerBatchTests {
    /// What a stand-in broker saw: each message's wire type, and the results in them.
    struct Seen: Sendable {
        var ready: WorkerMessage.Ready?
        var types: [String] = []
        var results: [WorkerMessage.Result] = []
    }

    /// A stand-in broker on a ROUTER of its own thread: welcomes a worker (saying it reads batches when
    /// `batches`), hands it `jobs` in one `dispatches` message, and reports every message until `count` results came.
    static func run(jobs: [String], batches: Bool) async throws -> Seen {
        let socket = try Socket(try Context(), .router)
        try socket.bind("tcp://127.0.0.1:*")
        let endpoint = try socket.lastEndpoint
        let owned = Handoff(socket)
        // On a thread of its own: no thread of the shared pool waits on the socket.
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
                let items: [WorkerMessage] =
                    type == WorkerBatch.typeName
                    ? try Frames.decode(message, as: WorkerBatch.self).message.items.map(\.message)
                    : [try Frames.decode(message, as: WorkerMessage.self).message]
                for item in items {
                    switch item {
                    case .ready(let ready):
                        seen.ready = ready
                        _ = try socket.send([peer] + Frames.encode(BrokerCommand.welcome(.init(operations: ["scripted"], batches: batches ? true : nil))))
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
        try registry.register(Scripted { job in job.id })
        let worker = try WorkerService(
            context: try Context(), endpoint: endpoint, registry: registry, settings: .init(name: "w1", capacity: jobs.count),
            log: Log("worker", level: .off))
        let running = Task { try await worker.run() }
        defer { running.cancel() }
        return try await observed
    }

    @Test("Four jobs handed out in one dispatches message are all run, and their four results leave in one batch")
    func theResultsOfOneWakeUpLeaveTogether() async throws {
        let jobs = ["j1", "j2", "j3", "j4"]
        let seen = try await Self.run(jobs: jobs, batches: true)
        #expect(seen.ready?.batches == true, "the worker says it reads dispatches")
        #expect(seen.types == ["ready", "batch"], "\(seen.types)")
        #expect(seen.results.map(\.job) == jobs)
        #expect(seen.results.allSatisfy { $0.outcome == .succeeded })
    }

    @Test("A broker whose welcome does not say it reads batches (an older one) gets each result alone")
    func anOlderBrokerGetsOneMessageAResult() async throws {
        let seen = try await Self.run(jobs: ["j1", "j2"], batches: false)
        #expect(seen.types == ["ready", "result", "result"], "\(seen.types)")
    }
}
