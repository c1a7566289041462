import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// Worker credits: a worker with free slots gets the jobs of one turn in one message, and sends
    /// back what it has ready in one message.
    @Suite("Dispatch batches") struct DispatchBatches {
        static let operation = OperationAnnouncement(name: "batched", summary: "Does nothing, four at a time", input: nil)

        /// A broker that knows `batched` (announced by a worker with no slots) and holds four queued jobs of it.
        static func fourQueued(_ name: String) async throws -> (Sandbox, [String]) {
            let sandbox = try Sandbox(name)
            // A long heartbeat, so the raw workers (which send none) stay alive through the test.
            try await sandbox.startBroker(environment: ["INTERLUDE_HEARTBEAT_MS": "10000"])
            let announcer = try RawWorker(sandbox.workers)
            _ = try await onThread { try announcer.announce("announcer-1", [Self.operation], capacity: 0) }
            var jobs: [String] = []
            for index in 0..<4 { jobs.append(try await sandbox.submit("batched", #"{"n":\#(index)}"#)) }
            for job in jobs { try await sandbox.waitFor(job, "queued") { $0.state == .queued } }
            // Kept until the jobs are queued: the operation stays known.
            withExtendedLifetime(announcer) {}
            return (sandbox, jobs)
        }

        @Test("A worker with capacity 4 gets four queued jobs in one dispatches message, and four results in one batch all end their jobs")
        func fourJobsTravelInOneMessageEachWay() async throws {
            let (sandbox, jobs) = try await Self.fourQueued("batch-dispatch")
            defer { sandbox.shutdown() }
            let worker = try RawWorker(sandbox.workers)
            let dispatches = try await onThread { () throws -> [BrokerCommand.Dispatch] in
                let welcome = try worker.announce("credits-1", [Self.operation], capacity: 4, batches: true)
                guard welcome.batches == true else { throw EndToEndFailure("the welcome did not say the broker reads batches: \(welcome)") }
                while true {
                    switch try worker.receive() {
                    case .heartbeat: continue
                    case .dispatches(let message): return message.dispatches
                    case let other: throw EndToEndFailure("expected one dispatches message, got \(other)")
                    }
                }
            }
            #expect(dispatches.map(\.job) == jobs, "all four, in the order they were submitted")
            let results = WorkerBatch(
                dispatches.map { .init(.result(.init(job: $0.job, attempt: $0.attempt, outcome: .succeeded, output: .object(["ran": .string($0.job)])))) })
            try await onThread { try worker.send(results) }
            for job in jobs {
                let ended = try await sandbox.waitForEnd(of: job)
                #expect(ended.state == .succeeded, "\(ended)")
                #expect(ended.result == .object(["ran": .string(job)]))
            }
        }

        @Test("A worker that does not say it reads batches (an older one) gets the same four jobs one dispatch a message")
        func anOlderWorkerGetsOneDispatchAMessage() async throws {
            let (sandbox, jobs) = try await Self.fourQueued("batch-legacy")
            defer { sandbox.shutdown() }
            let worker = try RawWorker(sandbox.workers)
            let received = try await onThread { () throws -> [String] in
                _ = try worker.announce("legacy-1", [Self.operation], capacity: 4)
                return try (0..<4).map { _ in try worker.dispatch().job }
            }
            #expect(received == jobs)
        }
    }
}
