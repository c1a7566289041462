import Foundation
import JSON
import Presentation
import Testing
import Wire

extension EndToEnd {
    /// Processes killed with SIGKILL at awkward moments; nothing is lost and nothing is done twice.
    @Suite("Crashes") struct Crashes {
        @Test("A worker killed while its job waits: the answer is applied on another worker and the question is not asked again")
        func workerKilledWhileItsJobWaits() async throws {
            let sandbox = try Sandbox("worker-kill-waiting")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            let w1 = try await sandbox.startWorker("w1")
            let file = TestLibrary.download("t-101", in: sandbox.library)

            let job = try await sandbox.submit("removeDownload", blueInGreen)
            let question = try await sandbox.question(of: job)
            #expect(try await sandbox.status(job).attempts == 1)
            // Only w1 existed when the job was dispatched, so w1 holds it.
            try await sandbox.startWorker("w2")
            let killed = w1.kill()
            #expect(killed?.signalled == true, "w1 died of SIGKILL: \(String(describing: killed))")

            let answer = try await sandbox.cli("answer", question.id, "remove", "--as", "alice")
            #expect(answer.status == 0, "\(answer)")
            let done = try await sandbox.waitForEnd(of: job)
            #expect(done.state == .succeeded)
            #expect(done.result == .object(["removed": .bool(true)]))
            #expect(done.attempts == 2, "replayed once, on w2")
            #expect(!FileManager.default.fileExists(atPath: file.path))
            #expect(try await sandbox.pending().isEmpty)
            #expect(try await sandbox.questionsAsked(for: job) == 1, "the replay took the answer from history instead of asking again")
        }

        @Test("A worker killed while archiving: another worker finishes the export without re-running the recorded check step")
        func workerKilledWhileItsJobRuns() async throws {
            let sandbox = try Sandbox("worker-kill-running")
            defer { sandbox.shutdown() }
            // 32 MB that gzip cannot shrink: the archive is written in many chunks, so w1 is caught mid-way.
            let content = try TestLibrary.bigProject("big", in: sandbox.library, files: 8, megabytes: 4)
            let destination = sandbox.library.appendingPathComponent("exports", isDirectory: true)
            try await sandbox.startBroker()
            let w1 = try await sandbox.startWorker("w1")

            let input = #"{"project":"big","destination":"\#(destination.path)"}"#
            let job = try await sandbox.submit("exportProject", input)
            let partials = { (try? FileManager.default.contentsOfDirectory(atPath: destination.path))?.filter { $0.hasPrefix(".big.tar.gz.partial-") } ?? [] }
            // w1 is stopped (SIGSTOP) the moment its partial archive appears, so the kill lands while it
            // archives however fast this machine is; what it had done by then is checked, not assumed.
            _ = try await sandbox.eventually("w1 to start writing the archive", timeout: .seconds(30), poll: .milliseconds(1)) {
                partials().isEmpty ? nil : true
            }
            w1.suspend()
            let archive = destination.appendingPathComponent("big.tar.gz")
            try #require(!FileManager.default.fileExists(atPath: archive.path), "w1 was stopped before finishing the archive")
            let running = try await sandbox.status(job)
            try #require(running.state == .running, "the export is still running when w1 is killed: \(running)")
            let killed = w1.kill()
            #expect(killed?.signalled == true)
            #expect(partials().count == 1, "w1 left a partial archive behind")

            // If w2 ran the `check` step again it would find no room (it must keep 9 EB free) and ask
            // "Not enough space"; taking w1's recorded result, it goes straight to writing the archive.
            try await sandbox.startWorker("w2", environment: ["INTERLUDE_EXPORT_RESERVE_BYTES": "9000000000000000000"])
            let done = try await sandbox.waitForEnd(of: job, timeout: .seconds(60))
            #expect(done.state == .succeeded, "\(done)")
            #expect(done.attempts == 2)
            #expect(done.resultObject?["exported"] == .bool(true))
            #expect(done.resultObject?["archive"] == .string(archive.path))
            #expect(try await sandbox.questionsAsked(for: job) == 0, "no question: the recorded check was not repeated")
            #expect(partials().isEmpty, "the partial archive of the killed attempt was cleaned up")
            let size = try FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? NSNumber
            #expect(done.resultObject?["bytes"] == .integer(size?.int64Value ?? -1))

            // The archive is complete and readable.
            let extracted = sandbox.root.appendingPathComponent("extracted", isDirectory: true)
            try FileManager.default.createDirectory(at: extracted, withIntermediateDirectories: true)
            let tar = try ProcessHandle(
                name: "tar", executable: URL(fileURLWithPath: "/usr/bin/tar"), arguments: ["-xzf", archive.path, "-C", extracted.path],
                environment: ProcessInfo.processInfo.environment, directory: sandbox.root, logs: sandbox.logs)
            let untar = await tar.exit(within: .seconds(30))
            #expect(untar == .init(status: 0, signalled: false), "\(tar.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: extracted.appendingPathComponent("big").path).sorted()
            #expect(names == (0..<8).map { "part-\($0).bin" })
            for name in names {
                let data = try Data(contentsOf: extracted.appendingPathComponent("big/\(name)"))
                #expect(data == content, "\(name) came back intact")
            }
        }

        @Test("A broker killed and restarted keeps finished jobs and pending questions; the worker reconnects by itself")
        func brokerKilledAndRestarted() async throws {
            let sandbox = try Sandbox("broker-kill")
            defer { sandbox.shutdown() }
            let broker = try await sandbox.startBroker()
            let worker = try await sandbox.startWorker("w1")

            let finished = try await sandbox.submit("removeDownload", blueInGreen)
            let first = try await sandbox.question(of: finished)
            #expect(try await sandbox.cli("answer", first.id, "remove").status == 0)
            #expect(try await sandbox.waitForEnd(of: finished).state == .succeeded)

            let waiting = try await sandbox.submit("removeDownload", soWhat)
            let question = try await sandbox.question(of: waiting)

            let killed = broker.kill()
            #expect(killed?.signalled == true)
            try await sandbox.startBroker(name: "broker-restarted")

            let after = try await sandbox.status(finished)
            #expect(after.state == .succeeded)
            #expect(after.result == .object(["removed": .bool(true)]))
            let pending = try await sandbox.pending()
            #expect(pending.map(\.id) == [question.id], "the same question, with the same id, is still pending")
            #expect(pending.first?.job == waiting)
            #expect(pending.first == question, "the published presentation did not change")

            let answer = try await sandbox.cli("answer", question.id, "remove")
            #expect(answer.status == 0, "\(answer)")
            let done = try await sandbox.waitForEnd(of: waiting, timeout: .seconds(20))
            #expect(done.state == .succeeded, "\(done)")
            #expect(done.result == .object(["removed": .bool(true)]))
            #expect(!FileManager.default.fileExists(atPath: TestLibrary.download("t-102", in: sandbox.library).path))
            #expect(FileManager.default.fileExists(atPath: TestLibrary.download("t-103", in: sandbox.library).path))
            #expect(worker.isRunning, "the original worker process did the work after reconnecting")
            #expect(try await sandbox.questionsAsked(for: waiting) == 1)
        }
    }
}
