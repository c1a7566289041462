import Client
import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// A worker whose `maxMessageBytes` is larger than the broker's: what it sends together stays within the broker's.
    @Suite("Batches within the broker's limit") struct BatchLimits {
        static let jobs = 300

        @Test(
            "A broker at 64 KiB and a worker at 1 MiB: 300 questions asked in one wake-up (about 130 KB) all reach the broker, none refused, and an answer finishes its job"
        )
        func aWorkersBatchesStayWithinASmallerBrokersLimit() async throws {
            let sandbox = try Sandbox("batch-limit")
            defer { sandbox.shutdown() }
            let broker = try await sandbox.startBroker(environment: ["INTERLUDE_MAX_MESSAGE_BYTES": "65536"])
            try await sandbox.announceShippedOperations()
            let client = try sandbox.client()
            defer { client.close() }
            // Queued while no worker runs, so the worker gets them all in one `dispatches` (about 45 KB); each job
            // asks its question at once, so the 300 questions are ready in the same wake-up.
            let reply = try await client.submit(
                many: .init(operation: "resetPreferences", items: (0..<Self.jobs).map { _ in .init(input: .emptyObject) }))
            #expect(reply.refusedCount == 0)
            let worker = try sandbox.start("w1", ["worker", "--concurrency", "\(Self.jobs)"], environment: ["INTERLUDE_WORKER_NAME": "w1"])
            _ = try await sandbox.ready(worker, "interlude worker is up.")
            let stats = try await sandbox.eventually("\(Self.jobs) questions to be pending", timeout: .seconds(30), poll: .milliseconds(200)) {
                let stats = try await client.stats()
                return stats.pending >= Self.jobs ? stats : nil
            }
            #expect(stats.pending == Self.jobs)
            #expect(!broker.stderr.contains("refused a worker"), "no batch and no message was refused:\n\(broker.tail())")

            let question = try #require(try await sandbox.pending().first)
            let answer = try await sandbox.cli("answer", question.id, "cancel")
            #expect(answer.status == 0, "\(answer)")
            let done = try await sandbox.waitForEnd(of: question.job, timeout: .seconds(30))
            #expect(done.state == .succeeded, "\(done)")
            #expect(done.attempts == 1, "its task was resumed where it stopped: its question reached the broker the first time")
        }
    }
}
