import Foundation
import Presentation
import SQLite
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// `scripts/chaos` ends with checks of the journal, the library and the webhook deliveries; they are
    /// worth something only if they fail when an invariant is broken. A short run of the real processes
    /// makes a sound journal, which must check clean; each kind of damage, made in a copy of it (or of
    /// the run's record), must be counted under its name and make the check exit 1.
    @Suite("Chaos checks") struct ChaosChecks {
        /// The zero counts the check reports for a sound run.
        static let sound = ["lost": 0, "doubledSteps": 0, "multipleResolutions": 0, "unresolved": 0, "effectMismatches": 0, "undelivered": 0]

        @Test("The chaos run's final check passes a sound run and counts each broken invariant under its name")
        func theCheckFailsWhenAnInvariantIsBroken() async throws {
            let sandbox = try Sandbox("chaos-check")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            // Two downloads, each submitted with a key as the chaos run does: one removed, one kept.
            let removed = try await Self.removeDownload("t-101", key: "check-remove", sandbox: sandbox)
            let kept = try await Self.removeDownload("t-102", key: "check-keep", sandbox: sandbox)
            let removedQuestion = try await sandbox.question(of: removed).id
            let keptQuestion = try await sandbox.question(of: kept).id
            #expect(try await sandbox.cli("answer", removedQuestion, "remove").status == 0)
            #expect(try await sandbox.cli("answer", keptQuestion, "cancel").status == 0)
            #expect(try await sandbox.waitForEnd(of: removed).state == .succeeded)
            #expect(try await sandbox.waitForEnd(of: kept).state == .succeeded)
            // A release two people approved, as the chaos run's deployRelease questions are.
            let deployed = try await sandbox.cli(
                "submit", "deployRelease", "--input", #"{"release": "c-1"}"#, "--idempotency-key", "check-deploy", "--for", "ana,bob")
            let deploy = deployed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let deployQuestion = try await sandbox.question(of: deploy).id
            #expect(try await sandbox.cli("answer", deployQuestion, "deploy", "--as", "ana").status == 0)
            #expect(try await sandbox.cli("answer", deployQuestion, "deploy", "--as", "bob").status == 0)
            #expect(try await sandbox.waitForEnd(of: deploy).state == .succeeded)

            let folder = sandbox.root.appendingPathComponent("checks", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // A consistent copy (SQLite's backup) of the journal once both jobs ended: every case starts from it.
            let journal = folder.appendingPathComponent("journal.sqlite").path
            _ = try Database(path: sandbox.data.appendingPathComponent("journal.sqlite").path, options: .init(readOnly: true)).backup(to: journal)
            let events = try Database(path: journal, options: .init(readOnly: true)).query("SELECT sequence FROM events").compactMap { $0.int("sequence") }
            // One event a webhook subscriber gets (the check ignores the others, such as job.queued).
            let succeeded = try #require(
                try Database(path: journal, options: .init(readOnly: true)).query("SELECT sequence FROM events WHERE type = 'job.succeeded'")
                    .first?.int("sequence"))
            let record = Record(
                journal: journal, library: sandbox.library.path,
                acked: [
                    "check-remove": .init(id: removed, operation: "removeDownload", input: ["trackID": "t-101", "title": "Blue in Green"]),
                    "check-keep": .init(id: kept, operation: "removeDownload", input: ["trackID": "t-102", "title": "So What"]),
                    "check-deploy": .init(id: deploy, operation: "deployRelease", input: ["release": "c-1"]),
                ],
                wins: [removedQuestion: ["remove"], keptQuestion: ["cancel"], deployQuestion: ["deploy"]],
                delivered: Dictionary(uniqueKeysWithValues: events.map { ("msg_\($0)_check", ["digest-\($0)"]) }),
                approved: [deployQuestion: ["ana"]])
            /// Checks `record`, its journal first copied (consistently, with SQLite's backup) and changed by `damage`.
            func check(_ name: String, _ record: Record, damage: String? = nil, _ values: SQLValue...) async throws -> (status: Int32, counts: [String: Int]) {
                var record = record
                if let damage {
                    let copy = folder.appendingPathComponent("\(name).sqlite").path
                    _ = try Database(path: journal, options: .init(readOnly: true)).backup(to: copy)
                    let database = try Database(path: copy)
                    try database.run(damage, values)
                    record.journal = copy
                }
                return try await Self.runCheck(record, at: folder.appendingPathComponent("\(name).json"))
            }

            let clean = try await check("sound", record)
            #expect(clean.status == 0 && clean.counts == Self.sound, "a sound run: \(clean)")

            // An acknowledged job that is not final, or not in the journal at all.
            let running = try await check("running", record, damage: "UPDATE jobs SET state = 'running' WHERE id = ?", .text(removed))
            #expect(running.status == 1 && running.counts == Self.with("lost", 1), "\(running)")
            var ghost = record
            ghost.acked["check-ghost"] = .init(id: "job-that-never-was", operation: "noop", input: [:])
            let missing = try await check("missing", ghost)
            #expect(missing.status == 1 && missing.counts == Self.with("lost", 1), "\(missing)")

            // A recorded step run twice.
            let doubled = try await check(
                "doubled", record,
                damage: "INSERT INTO history (job, at, type, body) SELECT job, at, type, body FROM history WHERE job = ? AND type = 'step' LIMIT 1",
                .text(removed))
            #expect(doubled.status == 1 && doubled.counts == Self.with("doubledSteps", 1), "\(doubled)")

            // A question resolved twice in the journal, or two answers both told they took effect.
            let twice = try await check(
                "resolved-twice", record,
                damage:
                    "INSERT INTO history (job, at, type, body) SELECT job, at, type, body FROM history WHERE type = 'resolved' AND json_extract(body, '$.presentation') = ?",
                .text(removedQuestion))
            #expect(twice.status == 1 && twice.counts == Self.with("multipleResolutions", 1), "\(twice)")
            var twoWinners = record
            twoWinners.wins[removedQuestion] = ["remove", "cancel"]
            let both = try await check("two-winners", twoWinners)
            #expect(both.status == 1 && both.counts == Self.with("multipleResolutions", 1), "\(both)")
            // An answer told it took effect that the journal does not hold.
            var otherAnswer = record
            otherAnswer.wins[keptQuestion] = ["remove"]
            let disagreeing = try await check("other-answer", otherAnswer)
            #expect(disagreeing.status == 1 && disagreeing.counts == Self.with("lost", 1), "\(disagreeing)")
            // A question of a finished job left without a resolution (its told answer is then lost too).
            let unresolved = try await check("unresolved", record, damage: "UPDATE presentations SET resolution = NULL WHERE id = ?", .text(keptQuestion))
            #expect(unresolved.status == 1 && unresolved.counts == Self.with("unresolved", 1, "lost", 1), "\(unresolved)")

            // File effects contradicting the answers: the removed download back, the kept one gone.
            let library = folder.appendingPathComponent("library", isDirectory: true)
            try FileManager.default.copyItem(at: sandbox.library, to: library)
            try Data("back again\n".utf8).write(to: library.appendingPathComponent("downloads/t-101.m4a"))
            try FileManager.default.removeItem(at: library.appendingPathComponent("downloads/t-102.m4a"))
            var effects = record
            effects.library = library.path
            let mismatched = try await check("effects", effects)
            #expect(mismatched.status == 1 && mismatched.counts == Self.with("effectMismatches", 2), "\(mismatched)")

            // A library whose data/ is neither the data it started with nor one backup's, whole.
            try TestLibrary.write(Data("{}\n".utf8), to: "data/library.json", in: sandbox.library)
            var whole = record
            whole.dataStates = [try Self.dataState(of: sandbox.library.appendingPathComponent("data"))]
            let wholeData = try await check("whole-data", whole)
            #expect(wholeData.status == 0 && wholeData.counts == Self.sound, "\(wholeData)")
            let partial = folder.appendingPathComponent("library-partial", isDirectory: true)
            try FileManager.default.copyItem(at: sandbox.library, to: partial)
            try FileManager.default.removeItem(at: partial.appendingPathComponent("data/library.json"))
            var partialData = whole
            partialData.library = partial.path
            let halfRestored = try await check("partial-data", partialData)
            #expect(halfRestored.status == 1 && halfRestored.counts == Self.with("effectMismatches", 1), "\(halfRestored)")

            // An event never delivered, and one id delivered with two different bodies.
            var dropped = record
            dropped.delivered["msg_\(succeeded)_check"] = nil
            let undelivered = try await check("undelivered", dropped)
            #expect(undelivered.status == 1 && undelivered.counts == Self.with("undelivered", 1), "\(undelivered)")
            var changed = record
            changed.delivered["msg_\(succeeded)_check"] = ["digest-a", "digest-b"]
            let twoBodies = try await check("two-bodies", changed)
            #expect(twoBodies.status == 1 && twoBodies.counts == Self.with("undelivered", 1), "\(twoBodies)")

            // An approval told it was recorded that the resolution does not list, and an approver listed twice.
            var strayApproval = record
            strayApproval.approved[deployQuestion] = ["ana", "carol"]
            let stray = try await check("stray-approval", strayApproval)
            #expect(stray.status == 1 && stray.counts == Self.with("lost", 1), "\(stray)")
            let listedTwice = try await check(
                "approver-twice", record,
                damage: "UPDATE presentations SET resolution = json_set(resolution, '$.approvals[1].by', 'ana') WHERE id = ?", .text(deployQuestion))
            #expect(listedTwice.status == 1 && listedTwice.counts == Self.with("multipleResolutions", 1), "\(listedTwice)")
        }

        /// What `scripts/chaos` writes as `run.json` and reads back with `--check`.
        struct Record: Encodable {
            struct Acked: Encodable {
                var id: String
                var operation: String
                var input: [String: String]
            }

            var journal: String
            var library: String
            var acked: [String: Acked]
            var wins: [String: [String]]
            var delivered: [String: [String]]
            /// The whole states data/ may be in: each path below it to its file's text, "" for a folder.
            var dataStates: [[String: String]]? = nil
            /// Presentation id to the names of the answers told they were recorded as one approval of several.
            var approved: [String: [String]] = [:]
        }

        /// `folder`'s state as the chaos check reads it: each path below it to its file's text, "" for a folder.
        static func dataState(of folder: URL) throws -> [String: String] {
            var state: [String: String] = [:]
            let base = folder.standardizedFileURL.path + "/"
            let walk = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey]))
            for case let url as URL in walk {
                let path = String(url.standardizedFileURL.path.dropFirst(base.count))
                let isFolder = try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true
                state[path] = isFolder ? "" : try String(contentsOf: url, encoding: .utf8)
            }
            return state
        }

        /// The zero counts with `name` (and `other`) set.
        static func with(_ name: String, _ count: Int, _ other: String? = nil, _ otherCount: Int = 0) -> [String: Int] {
            var counts = sound
            counts[name] = count
            if let other { counts[other] = otherCount }
            return counts
        }

        /// `removeDownload` of `track`, submitted with an idempotency key; its job id.
        static func removeDownload(_ track: String, key: String, sandbox: Sandbox) async throws -> String {
            let title = TestLibrary.tracks.first { $0.0 == track }?.1 ?? track
            let input = String(decoding: try JSONEncoder().encode(["trackID": track, "title": title]), as: UTF8.self)
            let submitted = try await sandbox.cli("submit", "removeDownload", "--input", input, "--idempotency-key", key)
            let id = submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            guard submitted.status == 0, !id.isEmpty else { throw EndToEndFailure("submit failed: \(submitted)") }
            return id
        }

        /// Runs `scripts/chaos --check` on `record` (written to `file`): its exit status and the counts of its last line.
        static func runCheck(_ record: Record, at file: URL) async throws -> (status: Int32, counts: [String: Int]) {
            try JSONEncoder().encode(record).write(to: file)
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("scripts/chaos").path
            let (status, output) = try await ChildCommand.run("/usr/bin/env", ["python3", script, "--check", file.path], timeout: .seconds(60))
            let last = output.split(separator: "\n").last.map(String.init) ?? ""
            guard let counts = try? JSONDecoder().decode([String: Int].self, from: Data(last.utf8)) else {
                throw EndToEndFailure("scripts/chaos --check printed no counts (exit \(status)):\n\(output)")
            }
            return (status, counts)
        }
    }
}
