import Client
import Foundation
import Presentation
import Testing
import Wire

extension EndToEnd {
    /// A broker restarted under thousands of parked jobs: the workers come back and the questions stay answerable.
    @Suite("Restart with many parked jobs") struct ParkedRestart {
        static let parked = 2_000

        @Test(
            "A broker killed with 2,000 questions pending, and away longer than the workers wait: both workers announce themselves again, every question is still pending, and an answer finishes its job"
        )
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

        @Test(
            "A worker that keeps at most 5 tasks suspended: with 40 questions pending, an answer to an old one replays its job, one to a recent one resumes it")
        func aWorkerKeepsAtMostMaxSuspendedTasks() async throws {
            let sandbox = try Sandbox("max-suspended")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            let worker = try await sandbox.startWorker("w1", environment: ["INTERLUDE_MAX_SUSPENDED": "5"])
            try await sandbox.waitingDownloads(40, titleLength: 20)
            let pending = try await sandbox.pending()
            #expect(pending.count == 40, "every question stays pending, kept or let go")

            // Ordered by creation: the first was let go long ago, the last is among the five kept.
            let (old, recent) = (try #require(pending.first), try #require(pending.last))
            for question in [old, recent] {
                let answer = try await sandbox.cli("answer", question.id, "remove")
                #expect(answer.status == 0, "\(answer)")
            }
            let replayed = try await sandbox.waitForEnd(of: old.job, timeout: .seconds(30))
            #expect(replayed.state == .succeeded, "\(replayed)")
            #expect(replayed.attempts == 2, "its task had been let go: the job ran again from its history")
            let resumed = try await sandbox.waitForEnd(of: recent.job, timeout: .seconds(30))
            #expect(resumed.state == .succeeded, "\(resumed)")
            #expect(resumed.attempts == 1, "its task was still suspended: resumed where it stopped")
            #expect(try await sandbox.questionsAsked(for: old.job) == 1, "the replay took the answer from history")
            #expect(worker.isRunning)
        }
    }
}
