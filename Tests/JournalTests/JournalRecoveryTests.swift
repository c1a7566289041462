import Foundation
import JSON
import Journal
import Presentation
import SQLite
import Testing
import Wire

/// Recovery streams the unfinished jobs with their questions, in the order they were made, on every engine.
@Suite struct JournalRecoveryTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func job(_ id: String, at offset: TimeInterval, phase: Job.Phase = .running) -> Job {
        Job(id: id, operation: "removeDownload", input: .object(["n": .number(offset)]), phase: phase, createdAt: now.addingTimeInterval(offset))
    }

    func question(_ job: String, _ sequence: Int) throws -> Presentation {
        try Presentation(
            .confirmationDialog("Remove \(job)?", actions: [Action(id: "remove", label: "Remove", role: .destructive)]),
            id: "prs-\(job)-\(sequence)", job: job, sequence: sequence, createdAt: now)
    }

    func answer(_ presentation: Presentation) -> Resolution {
        Resolution(presentation: presentation.id, job: presentation.job, cause: .answered, action: "remove", by: "ana", channel: "cli", at: now)
    }

    @Test(arguments: JournalEngine.testable)
    func eachJobComesOnceInTheOrderItWasMadeWithEveryQuestion(_ engine: JournalEngine) async throws {
        let scratch = try await engine.scratch()
        // Ids that sort against the order of making, and a job with three questions whose second is pending last.
        let ids = ["z9", "a1", "m5", "b2", "y8"]
        var changes: [JournalChange] = []
        var expected: [String: (pending: String?, resolved: Set<String>, last: Int)] = [:]
        for (offset, id) in ids.enumerated() {
            changes.append(.saveJob(job(id, at: Double(offset)), idempotency: nil))
            switch offset % 3 {
            case 0:
                expected[id] = (nil, [], 0)
            case 1:
                let asked = try question(id, 1)
                changes.append(.addPresentation(asked))
                expected[id] = (asked.id, [], 1)
            default:
                let (first, second, third) = (try question(id, 1), try question(id, 2), try question(id, 3))
                changes += [.addPresentation(first), .resolve(answer(first)), .addPresentation(second), .resolve(answer(second)), .addPresentation(third)]
                expected[id] = (third.id, [first.id, second.id], 3)
            }
        }
        changes.append(.saveJob(job("done", at: 9, phase: .succeeded), idempotency: nil))
        try scratch.open().apply(changes)

        var streamed: [(Job, PresentationSlot)] = []
        let quarantined = try scratch.open().recover { streamed.append(($0, $1)) }
        #expect(quarantined.isEmpty)
        #expect(streamed.map(\.0.id) == ids, "once each, in the order made; the finished job is left out")
        for (job, slot) in streamed {
            let want = try #require(expected[job.id])
            #expect(slot.current?.id == want.pending, "\(job.id)")
            #expect(job.presentation?.id == want.pending, "the job carries its pending question")
            #expect(Set(slot.resolutions.keys) == want.resolved, "\(job.id)")
            #expect(slot.lastSequence == want.last, "\(job.id)")
        }
        #expect(try scratch.open().recover().jobs.map(\.0.id) == ids, "the collected form says the same")
    }

    @Test func aJobWithAnUnreadableQuestionIsSetAsideAndTheNextJobStillComes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journal-recovery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try question("j1", 1)
        let damaged = try question("j2", 1)
        let third = try question("j3", 1)
        try Journal(folder: folder).apply([
            .saveJob(job("j1", at: 0), idempotency: nil), .addPresentation(first), .resolve(answer(first)),
            .saveJob(job("j2", at: 1), idempotency: nil), .addPresentation(damaged),
            .saveJob(job("j3", at: 2), idempotency: nil), .addPresentation(third),
        ])
        let database = try Database(path: folder.appendingPathComponent(Journal.fileName).path)
        try database.run("UPDATE presentations SET body = '{\"id\": 3' WHERE id = ?", .text(damaged.id))
        try database.run("UPDATE presentations SET resolution = '[' WHERE id = ?", .text(first.id))
        var streamed: [String] = []
        let quarantined = try Journal(folder: folder).recover { job, _ in streamed.append(job.id) }
        #expect(streamed == ["j3"])
        #expect(quarantined.map(\.job) == ["j1", "j2"], "an unreadable answer or question sets its job aside")
        #expect(quarantined.allSatisfy { $0.reason.contains("Resolution") || $0.reason.contains("Presentation") }, "\(quarantined)")
    }

    @Test func readingOnAThreadOfItsOwnHandsTheSameJobsInTheSameOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journal-recovery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // More jobs than several batches and than the handoff holds, so the reader waits for room.
        var changes: [JournalChange] = []
        for index in 0..<(RecoveryHandoff.capacity + 777) {
            let id = "j\(index)"
            changes.append(.saveJob(job(id, at: Double(index)), idempotency: nil))
            if index % 3 != 0 { changes.append(.addPresentation(try question(id, 1))) }
        }
        let damaged = try question("j5", 1)
        try Journal(folder: folder).apply(changes)
        let database = try Database(path: folder.appendingPathComponent(Journal.fileName).path)
        try database.run("UPDATE presentations SET body = '{\"id\": 3' WHERE id = ?", .text(damaged.id))

        var inline: [(Job, PresentationSlot)] = []
        let inlineQuarantined = try Journal(folder: folder).recover { inline.append(($0, $1)) }
        var alongside: [(Job, PresentationSlot)] = []
        let alongsideQuarantined = try Journal(folder: folder).recoverAlongside { alongside.append(($0, $1)) }
        #expect(alongsideQuarantined.map(\.job) == ["j5"] && inlineQuarantined.map(\.job) == ["j5"])
        #expect(alongside.count == inline.count && alongside.count == RecoveryHandoff.capacity + 776)
        #expect(alongside.map(\.0) == inline.map(\.0))
        #expect(alongside.map(\.1) == inline.map(\.1))
    }

    @Test func questionsThatSayTheSameComeBackWholeEachWithItsOwnIdAndTimes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journal-recovery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var asked: [String: Presentation] = [:]
        var changes: [JournalChange] = []
        for index in 0..<50 {
            let id = "j\(index)"
            var draft = Presentation.Draft.confirmationDialog("Remove it?", actions: [Action(id: "remove", label: "Remove", role: .destructive)])
            draft.expiresAfter = index.isMultiple(of: 2) ? Double(60 + index) : nil
            let presentation = try Presentation(draft, id: "prs-\(id)", job: id, sequence: 1 + index % 4, createdAt: now.addingTimeInterval(Double(index)))
            asked[id] = presentation
            changes += [.saveJob(job(id, at: Double(index)), idempotency: nil), .addPresentation(presentation)]
        }
        try Journal(folder: folder).apply(changes)
        var streamed = 0
        _ = try Journal(folder: folder).recover { job, slot in
            streamed += 1
            #expect(slot.current == asked[job.id], "\(job.id)")
            #expect(slot.lastSequence == asked[job.id]?.sequence)
        }
        #expect(streamed == 50)
    }
}
