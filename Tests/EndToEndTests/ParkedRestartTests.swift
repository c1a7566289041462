import Foundation
import Presentation
import Testing
import Wire

extension EndToEnd {
    /// A broker restarted under thousands of parked jobs: the workers come back and the questions stay answerable.
    @Suite("Restart with many parked jobs") struct ParkedRestart {
        static let parked = 2_000

        @Test("A broker killed with 2,000 questions pending, and away longer than the workers wait: both workers announce themselves again, every question is still pending, and an answer finishes its job")
        func brokerKilledWithManyParkedJobs() async throws {
            let sandbox = try Sandbox("broker-kill-parked")
            defer { sandbox.shutdown() }
            let broker = try await sandbox.startBroker()
            let workers = [try await sandbox.startWorker("w1"), try await sandbox.startWorker("w2")]
            try await sandbox.waitingDownloads(Self.parked, titleLength: 20)

            #expect(broker.kill()?.signalled == true)
            // Each worker gives the silent broker up (liveness × heartbeat) and drops its suspended tasks.
            for worker in workers {
                _ = try await sandbox.eventually("\(worker.name) to give up on the killed broker", timeout: .seconds(30), poll: .milliseconds(100)) {
                    (worker.stdout + worker.stderr).contains("silent; reconnecting") ? true : nil
                }
            }
            try await sandbox.startBroker(name: "broker-restarted")

            let client = try sandbox.client()
            defer { client.close() }
            let back = try await sandbox.eventually("both workers to announce themselves again", timeout: .seconds(30), poll: .milliseconds(200)) {
                let stats = try await client.stats()
                return stats.workers >= 2 ? stats : nil
            }
            #expect(back.pending == Self.parked, "every question is still pending: \(back)")
            #expect(workers.allSatisfy { $0.isRunning }, "the same worker processes, reconnected by themselves")

            let pending = try await sandbox.pending()
            let question = try #require(pending.first)
            let answer = try await sandbox.cli("answer", question.id, "remove")
            #expect(answer.status == 0, "\(answer)")
            let done = try await sandbox.waitForEnd(of: question.job, timeout: .seconds(30))
            #expect(done.state == .succeeded, "\(done)")
            #expect(done.attempts == 2, "replayed: its suspended task was dropped when the broker went silent")
            #expect(try await sandbox.questionsAsked(for: question.job) == 1, "the replay took the answer from history")
            #expect(try await client.stats().pending == Self.parked - 1)
        }
    }
}
