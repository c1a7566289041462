import Foundation
import Presentation
import SQLite
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// The journal's file and disk can go wrong; the broker says what and carries on where it can
    /// (issue: a full disk made the broker exit, one bad row kept it from starting, a zero-length
    /// journal started as a new empty one).
    @Suite("Storage faults") struct StorageFaults {
        @Test(
            "A full disk refuses new work with storageFull, keeps serving reads, and takes work again by itself once space returns; nothing acknowledged is lost",
            .enabled(if: TmpfsMount.available, "needs root to mount a small tmpfs for the journal"))
        func aFullDiskIsClearAndPasses() async throws {
            let sandbox = try Sandbox("storage-full")
            let disk = try TmpfsMount(at: sandbox.data, bytes: 12 << 20)
            defer {
                sandbox.shutdown()
                disk.unmount()
            }
            let broker = try await sandbox.startBroker()
            try await sandbox.announceShippedOperations()
            var acknowledged: [String] = []
            for _ in 0..<3 { acknowledged.append(try await sandbox.submit("noop", "{}")) }
            let filler = try disk.fill()
            // The journal may still reuse room it has; submits of 100 KiB fill whatever is left.
            let input = try sandbox.inputFile("input.json", paddedInput(100 << 10))
            var refused: Sandbox.CLIResult?
            for _ in 0..<200 where refused == nil {
                let result = try await sandbox.cli("submit", "noop", "--input", input)
                if result.status == 0 {
                    acknowledged.append(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
                } else {
                    refused = result
                }
            }
            let refusal = try #require(refused, "a full disk refuses a submit")
            #expect(refusal.status == 1)
            #expect(refusal.stderr.contains("the journal's disk is full"), "\(refusal)")
            #expect(broker.isRunning, "the broker does not exit")

            // Reads go on.
            #expect(try await sandbox.jobs().count == min(acknowledged.count, 50))
            #expect(try await sandbox.status(acknowledged[0]).state == .queued)
            let overview = try await sandbox.cli("status")
            #expect(overview.stdout.contains("disk full"), "\(overview)")
            #expect(try await sandbox.cli("submit", "noop").stderr.contains("disk is full"), "still refused while full")

            try FileManager.default.removeItem(at: filler)
            _ = try await sandbox.eventually("the broker to take work again", timeout: .seconds(15), poll: .milliseconds(250)) {
                let result = try await sandbox.cli("submit", "noop")
                return result.status == 0 ? result : nil
            }
            try await sandbox.startWorker("w1")
            for job in acknowledged {
                #expect(try await sandbox.waitForEnd(of: job, timeout: .seconds(30)).state == .succeeded, "acknowledged \(job) is not lost")
            }
            #expect(try await sandbox.cli("status").stdout.contains("journal: ok"))
        }

        @Test("A job whose journal row cannot be read is named and set aside, the broker starts without it, and `status` shows it")
        func anUnreadableRowIsQuarantined() async throws {
            let sandbox = try Sandbox("storage-bad-row")
            defer { sandbox.shutdown() }
            let broker = try await sandbox.startBroker()
            try await sandbox.announceShippedOperations()
            let bad = try await sandbox.submit("noop", "{}")
            let good = try await sandbox.submit("noop", "{}")
            broker.terminate()
            _ = await broker.exit(within: .seconds(10))
            let journal = sandbox.data.appendingPathComponent("journal.sqlite").path
            try Database(path: journal).run("UPDATE jobs SET body = '{\"id\": \"damaged' WHERE id = ?", .text(bad))

            let restarted = try await sandbox.startBroker(name: "broker-again")
            #expect(restarted.stderr.contains("job \(bad) quarantined"), "the broker's log names the job: \(restarted.tail())")
            let overview = try await sandbox.cli("status")
            #expect(overview.status == 0)
            #expect(overview.stdout.contains("quarantined"), "\(overview)")
            #expect(overview.stdout.contains(bad))
            let status = try await sandbox.cli("status", bad)
            #expect(status.status == 1)
            #expect(status.stderr.contains("quarantined"), "\(status)")
            let check = try await sandbox.cli("journal", "check")
            #expect(check.status == 1, "\(check)")
            #expect(check.stdout.contains(bad))
            try await sandbox.startWorker("w1")
            #expect(try await sandbox.waitForEnd(of: good).state == .succeeded, "the other job runs")
        }

        @Test("An empty or foreign file where the journal should be is refused, and --init sets it aside for a new journal")
        func aFileThatIsNoJournalIsRefused() async throws {
            let sandbox = try Sandbox("storage-foreign")
            defer { sandbox.shutdown() }
            try FileManager.default.createDirectory(at: sandbox.data, withIntermediateDirectories: true)
            let journal = sandbox.data.appendingPathComponent("journal.sqlite")
            for contents in [Data(), Data("not a database".utf8)] {
                try contents.write(to: journal)
                let refused = try sandbox.start("refused", ["broker"])
                let ended = await refused.exit(within: .seconds(10))
                #expect(ended?.status == 1, "\(String(describing: ended)): \(refused.tail())")
                #expect(refused.stderr.contains("--init"), "\(refused.tail())")
                #expect(try Data(contentsOf: journal) == contents, "the file is left as it was")
            }
            let started = try sandbox.start("broker", ["broker", "--init"])
            try await sandbox.ready(started, "interlude broker is up.")
            #expect(try await sandbox.jobs().isEmpty)
            let aside = try FileManager.default.contentsOfDirectory(atPath: sandbox.data.path).filter { $0.hasPrefix("journal.sqlite.replaced-") }
            #expect(aside.count == 1)
        }

        @Test("A damaged journal is refused at start (its check runs beside the recovery): exit 1 naming quick_check, never up")
        func aDamagedJournalIsRefused() async throws {
            let sandbox = try Sandbox("storage-damaged")
            defer { sandbox.shutdown() }
            let first = try await sandbox.startBroker()
            first.terminate()
            _ = await first.exit(within: .seconds(10))
            let path = sandbox.data.appendingPathComponent("journal.sqlite").path
            do {
                let file = try Database(path: path)
                let body = String(repeating: "x", count: 500)
                for index in 0..<200 {
                    try file.run(
                        "INSERT INTO jobs (id, operation, state, created_at, updated_at, body) VALUES (?, 'noop', 'succeeded', '', '', ?)",
                        .text("j\(index)"), .text(body))
                }
                try file.checkpoint()
            }
            // Scribble over the middle of the file, where the jobs' pages are.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seek(toOffset: 8 * 4096)
            try handle.write(contentsOf: Data(repeating: 0xA5, count: 3 * 4096))
            try handle.close()
            let refused = try sandbox.start("refused", ["broker"])
            let ended = await refused.exit(within: .seconds(20))
            #expect(ended?.status == 1, "\(String(describing: ended)): \(refused.tail())")
            #expect(refused.stderr.contains("is damaged (PRAGMA quick_check)"), "\(refused.tail())")
            #expect(!refused.stdout.contains("interlude broker is up."), "\(refused.tail())")
        }

        @Test("`journal backup` copies the journal while the broker runs, the copy checks and restores, and `journal check` says sound")
        func backupWhileRunning() async throws {
            let sandbox = try Sandbox("storage-backup")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            var jobs: [String] = []
            for _ in 0..<5 { jobs.append(try await sandbox.submit("noop", "{}")) }
            let copy = sandbox.root.appendingPathComponent("restore/journal.sqlite")
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            async let more = sandbox.submit("noop", "{}")
            let backup = try await sandbox.cli("journal", "backup", copy.path)
            _ = try await more
            #expect(backup.status == 0, "\(backup)")
            #expect(backup.stdout.contains("the copy checks"))
            let check = try await sandbox.cli("journal", "check")
            #expect(check.status == 0, "\(check)")
            #expect(check.stdout.contains("sound"))
            let again = try await sandbox.cli("journal", "backup", copy.path)
            #expect(again.status == 1, "a backup never overwrites a file")

            let restored = try Database(path: copy.path, options: .init(readOnly: true))
            let ids = Set(try restored.query("SELECT id FROM jobs").compactMap { $0.string("id") })
            #expect(ids.isSuperset(of: jobs), "every job acknowledged before the backup is in it")
            #expect(try restored.quickCheck().isEmpty)
        }

        @Test("An Idempotency-Key reused over HTTP with a different body gets 422, with the same body the same job")
        func idempotencyKeyReuseOverHTTP() async throws {
            let sandbox = try Sandbox("storage-idempotency")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.announceShippedOperations()
            try await sandbox.startGateway()
            let api = sandbox.api()
            let first = try await api.post("/v1/operations", #"{"operation":"noop","input":{"n":1}}"#, headers: ["Idempotency-Key": "order-7"])
            #expect(first.status == 202, "\(first)")
            let same = try await api.post("/v1/operations", #"{"input":{"n":1},"operation":"noop"}"#, headers: ["Idempotency-Key": "order-7"])
            #expect(try same.decode(Job.self).id == first.decode(Job.self).id)
            let other = try await api.post("/v1/operations", #"{"operation":"noop","input":{"n":2}}"#, headers: ["Idempotency-Key": "order-7"])
            #expect(other.status == 422, "\(other)")
            #expect(other.errorCode == "idempotencyConflict")
            let cli = try await sandbox.cli("submit", "noop", "--input", #"{"n":3}"#, "--idempotency-key", "order-7")
            #expect(cli.status == 1, "\(cli)")
            #expect(try await sandbox.jobs().count == 1)
        }
    }
}
