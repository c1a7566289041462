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
        static let jobs = 100

        @Test(
            "A broker at 64 KiB and a worker at 1 MiB: 100 questions of 3 KB asked in the same wake-ups all reach the broker, none refused, and an answer finishes its job"
        )
        func aWorkersBatchesStayWithinASmallerBrokersLimit() async throws {
            let sandbox = try Sandbox("batch-limit")
            defer { sandbox.shutdown() }
            let broker = try await sandbox.startBroker(environment: ["INTERLUDE_MAX_MESSAGE_BYTES": "65536"])
            try await sandbox.announceShippedOperations()
            let client = try sandbox.client()
            defer { client.close() }
            // Queued while no worker runs, so the worker gets them all at once, in as few `dispatches` as the
            // broker's limit allows; each question names its 1,500-character title twice.
            let title = String(repeating: "T", count: 1_500)
            for index in 0..<Self.jobs {
                let input = RawJSON.object(["trackID": .string("t-101"), "title": .string(title + " \(index)")])
                _ = try await client.submit("removeDownload", input: input)
            }
            let worker = try sandbox.start("w1", ["worker", "--concurrency", "\(Self.jobs)"], environment: ["INTERLUDE_WORKER_NAME": "w1"])
            _ = try await sandbox.ready(worker, "interlude worker is up.")
            // Each dispatches message starts dozens of jobs whose questions leave in the same wake-up: about twice the
            // dispatches' bytes, over the broker's 64 KiB in one batch, within the worker's 1 MiB.
            let stats = try await sandbox.eventually("\(Self.jobs) questions to be pending", timeout: .seconds(30), poll: .milliseconds(200)) {
                let stats = try await client.stats()
                return stats.pending >= Self.jobs ? stats : nil
            }
            #expect(stats.pending == Self.jobs)
            #expect(!broker.stderr.contains("refused a worker"), "no batch and no message was refused:\n\(broker.tail())")

            let question = try #require(try await sandbox.pending().first)
            let answer = try await sandbox.cli("answer", question.id, "remove")
            #expect(answer.status == 0, "\(answer)")
            let done = try await sandbox.waitForEnd(of: question.job, timeout: .seconds(30))
            #expect(done.state == .succeeded, "\(done)")
            #expect(done.attempts == 1, "its task was resumed where it stopped: its question reached the broker the first time")
        }
    }
}
