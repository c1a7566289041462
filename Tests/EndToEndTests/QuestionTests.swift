import Foundation
import JSON
import Presentation
import Testing
import Wire

extension EndToEnd {
    /// Submitting, answering, refusing and cancelling, with one broker and one worker process.
    @Suite("Questions and answers") struct Questions {
        @Test("Answering remove deletes the download and the job succeeds with removed: true", arguments: Transport.allCases)
        func answeringRemoveDeletesTheDownload(over transport: Transport) async throws {
            let sandbox = try Sandbox("answer", transport: transport)
            defer { sandbox.shutdown() }
            let (job, question, file) = try await sandbox.downloadWaitingForRemoval()
            let listed = try #require(try await sandbox.pending().first { $0.job == job }, "pending lists no question for \(job)")
            #expect(listed.id == question.id)
            #expect(listed.kind == .confirmationDialog)
            #expect(listed.title == "Remove download")
            #expect(listed.titleVisibility == .visible)
            #expect(listed.message == "Blue in Green will no longer be available offline.")
            #expect(Dictionary(uniqueKeysWithValues: listed.actions.map { ($0.id, $0.role) }) == ["remove": .destructive, "cancel": .cancel])
            #expect(FileManager.default.fileExists(atPath: file.path), "nothing is removed before the answer")

            let answer = try await sandbox.cli("answer", listed.id, "remove", "--as", "alice")
            #expect(answer.status == 0, "\(answer)")
            let done = try await sandbox.waitForEnd(of: job)
            #expect(done.state == .succeeded)
            #expect(done.result == .object(["removed": .bool(true)]))
            #expect(done.presentation == nil)
            #expect(!FileManager.default.fileExists(atPath: file.path), "the download is gone")
            #expect(try await sandbox.pending().isEmpty)
        }

        @Test("A second answer is refused with exit 3 naming the winner, and an unknown action with exit 1", arguments: Transport.allCases)
        func duplicateAndUnknownAnswersAreRefused(over transport: Transport) async throws {
            let sandbox = try Sandbox("duplicate", transport: transport)
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            try await sandbox.startTransport()

            let first = try await sandbox.submit("removeDownload", blueInGreen)
            let question = try await sandbox.question(of: first)
            let winner = try await sandbox.cli("answer", question.id, "remove", "--as", "alice")
            #expect(winner.status == 0, "\(winner)")

            let late = try await sandbox.cli("answer", question.id, "cancel", "--as", "bob")
            #expect(late.status == 3, "\(late)")
            #expect(late.stderr.contains("answered by alice"), "\(late)")
            #expect(late.stderr.contains("remove"), "\(late)")

            let lateJSON = try await sandbox.cli("answer", question.id, "cancel", "--as", "bob", "--json")
            #expect(lateJSON.status == 3, "\(lateJSON)")
            let refusal = try JSONCoding.decoder.decode([String: WireError].self, from: Data(lateJSON.stdout.utf8))["error"]
            #expect(refusal?.code == .alreadyResolved)
            #expect(refusal?.resolution?.by == "alice")
            #expect(refusal?.resolution?.action == "remove")
            #expect(refusal?.resolution?.cause == .answered)

            let done = try await sandbox.waitForEnd(of: first)
            #expect(done.state == .succeeded)
            #expect(done.result == .object(["removed": .bool(true)]), "the refused cancel changed nothing")

            let second = try await sandbox.submit("removeDownload", soWhat)
            let fresh = try await sandbox.question(of: second)
            let unknown = try await sandbox.cli("answer", fresh.id, "explode", "--as", "carol")
            #expect(unknown.status == 1, "\(unknown)")
            #expect(unknown.stderr.contains("explode"), "\(unknown)")
            #expect(try await sandbox.pending().map(\.id) == [fresh.id], "the question stays pending")
            let still = try await sandbox.status(second)
            #expect(still.state == .waiting)
            #expect(still.presentation?.id == fresh.id)

            // It can still be answered properly afterwards.
            let cancel = try await sandbox.cli("answer", fresh.id, "cancel", "--as", "carol")
            #expect(cancel.status == 0, "\(cancel)")
            let kept = try await sandbox.waitForEnd(of: second)
            #expect(kept.result == .object(["removed": .bool(false)]))
            #expect(FileManager.default.fileExists(atPath: TestLibrary.download("t-102", in: sandbox.library).path))
        }

        @Test("Cancelling a waiting job withdraws its question and removes nothing", arguments: Transport.allCases)
        func cancellingAWaitingJob(over transport: Transport) async throws {
            let sandbox = try Sandbox("cancel", transport: transport)
            defer { sandbox.shutdown() }
            let (job, question, file) = try await sandbox.downloadWaitingForRemoval()
            let cancel = try await sandbox.cli("cancel", job)
            #expect(cancel.status == 0, "\(cancel)")
            let cancelled = try await sandbox.status(job)
            #expect(cancelled.state == .cancelled)
            #expect(cancelled.presentation == nil)
            #expect(try await sandbox.pending().contains { $0.id == question.id } == false, "the question left pending")

            let late = try await sandbox.cli("answer", question.id, "remove")
            #expect(late.status == 3, "an answer to a withdrawn question is refused: \(late)")

            // A later job on the same worker ends only after the worker has handled everything sent before it.
            let barrier = try await sandbox.submit("noop", "{}")
            #expect(try await sandbox.waitForEnd(of: barrier).state == .succeeded)
            #expect(FileManager.default.fileExists(atPath: file.path), "the download is still there")
            #expect(try await sandbox.status(job).state == .cancelled)
        }

        @Test("An unknown operation or bad input fails with a clear message and queues nothing", arguments: Transport.allCases)
        func badSubmissionsQueueNothing(over transport: Transport) async throws {
            let sandbox = try Sandbox("bad-input", transport: transport)
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startTransport()
            try await sandbox.announceShippedOperations()

            let unknown = try await sandbox.cli("submit", "nope")
            #expect(unknown.status == 1, "\(unknown)")
            #expect(unknown.stderr.contains("unknown operation \"nope\""), "\(unknown)")
            #expect(unknown.stderr.contains("removeDownload"), "the message lists the known operations: \(unknown)")

            let badInput = try await sandbox.cli("submit", "removeDownload", "--input", #"{"title":1}"#)
            #expect(badInput.status == 1, "\(badInput)")
            #expect(badInput.stderr.contains("removeDownload"), "\(badInput)")
            #expect(badInput.stderr.contains("$.trackID: is required"), "the message names the missing field: \(badInput)")
            #expect(badInput.stderr.contains("$.title: must be a string, is an integer"), "and every other problem: \(badInput)")

            let notJSON = try await sandbox.cli("submit", "removeDownload", "--input", "{trackID")
            #expect(notJSON.status == 2, "\(notJSON)")
            #expect(notJSON.stderr.contains("not valid JSON"), "\(notJSON)")

            #expect(unknown.stdout.isEmpty && badInput.stdout.isEmpty && notJSON.stdout.isEmpty, "no job id was printed")
            #expect(try await sandbox.jobs().isEmpty, "no job was queued")
            #expect(try await sandbox.pending().isEmpty)
        }
    }
}

extension Sandbox {
    /// A broker and worker `w1`, and a `removeDownload` job for t-101 waiting on its question.
    fileprivate func downloadWaitingForRemoval() async throws -> (job: String, question: Presentation, file: URL) {
        try await startBroker()
        try await startWorker("w1")
        try await startTransport()
        let file = TestLibrary.download("t-101", in: library)
        let job = try await submit("removeDownload", blueInGreen)
        return (job, try await question(of: job), file)
    }
}
