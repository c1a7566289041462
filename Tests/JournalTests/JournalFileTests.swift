import Foundation
import JSON
import Journal
import Presentation
import SQLite
import Testing
import Wire

/// The journal refuses files that are not journals, names rows it cannot read, and checks itself.
@Suite struct JournalFileTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journal-file-\(UUID().uuidString)")
    var path: String { folder.appendingPathComponent("journal.sqlite").path }
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func prepare(_ contents: Data) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try contents.write(to: URL(fileURLWithPath: path))
    }

    /// A journal of 200 jobs whose middle pages, where the jobs are, are scribbled over.
    func writeDamagedJournal() throws {
        do {
            let journal = try Journal(folder: folder)
            try journal.apply(
                (0..<200).map {
                    .saveJob(Job(id: "j\($0)", operation: "noop", input: .string(String(repeating: "x", count: 500)), createdAt: now), idempotency: nil)
                })
        }
        try Database(path: path).checkpoint()
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 8 * 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 3 * 4096))
        try handle.close()
    }

    @Test(arguments: [Data(), Data("just some text, not a database\n".utf8)])
    func anEmptyOrForeignFileIsRefusedAndLeftAlone(_ contents: Data) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try prepare(contents)
        let error = #expect(throws: JournalError.self) { try Journal(folder: folder) }
        #expect(error?.code == .notAJournal)
        #expect(error?.description.contains("--init") == true)
        #expect(FileManager.default.contents(atPath: path) == contents, "the file is not touched")
    }

    @Test func anotherProgramsDatabaseIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Database(path: path).execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
        let error = #expect(throws: JournalError.self) { try Journal(folder: folder) }
        #expect(error?.description.contains("photos") == true)
    }

    @Test func withInitTheFileIsSetAsideAndANewJournalBegins() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try prepare(Data())
        let journal = try Journal(folder: folder, replacingForeign: true)
        #expect(try journal.recover().jobs.isEmpty)
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("journal.sqlite.replaced-") }
        #expect(aside.count == 1, "the old file is kept beside it")
        _ = try Journal(folder: folder)
    }

    @Test func aJobWhoseRowCannotBeReadIsQuarantinedByNameAndTheOthersRecover() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = Job(id: "j-good", operation: "noop", input: .null, createdAt: now)
        let bad = Job(id: "j-bad", operation: "noop", input: .null, createdAt: now)
        try Journal(folder: folder).apply([.saveJob(good, idempotency: nil), .saveJob(bad, idempotency: nil)])
        try Database(path: path).run("UPDATE jobs SET body = '{\"id\": \"j-bad\", \"state\": 7' WHERE id = 'j-bad'")
        let recovery = try Journal(folder: folder).recover()
        #expect(recovery.jobs.map(\.0.id) == ["j-good"])
        #expect(recovery.quarantined.map(\.job) == ["j-bad"])
        #expect(recovery.quarantined.first?.reason.isEmpty == false)
        let report = try Journal.check(folder: folder)
        #expect(!report.isSound)
        #expect(report.unreadable.map(\.job) == ["j-bad"])
        #expect(report.damage.isEmpty, "the file itself is sound")
    }

    @Test func aDamagedFileIsRefusedAtOpening() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeDamagedJournal()
        let error = #expect(throws: (any Error).self) { try Journal(folder: folder) }
        #expect((error as? JournalError)?.code == .corrupt || (error as? SQLiteError)?.isNotADatabase == true, "\(String(describing: error))")
    }

    @Test func aDamagedFileOpenedWithItsCheckAlongsideIsRefusedWhenTheCheckIsAwaited() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeDamagedJournal()
        let error = #expect(throws: (any Error).self) {
            let (_, check) = try Journal.openChecking(folder: folder)
            try #require(check != nil, "an existing journal is checked alongside")
            try check?.wait()
        }
        #expect((error as? JournalError)?.code == .corrupt, "\(String(describing: error))")
        let again = #expect(throws: JournalError.self) { try Journal.openChecking(folder: folder).check?.wait() }
        #expect(again?.code == .corrupt)
    }

    @Test func aSoundJournalOpensWithItsCheckAlongsideAndANewOneIsCheckedFirst() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let (journal, check) = try Journal.openChecking(folder: folder)
            #expect(check == nil, "a new file: nothing to check alongside")
            try journal.apply([.saveJob(Job(id: "j1", operation: "noop", input: .null, createdAt: now), idempotency: nil)])
        }
        let (journal, check) = try Journal.openChecking(folder: folder)
        let alongside = try #require(check)
        #expect(try journal.recover().jobs.map(\.0.id) == ["j1"], "read while the check runs")
        try alongside.wait()
        try alongside.wait()
    }

    @Test func aBackupTakenWhileWritingIsASoundJournal() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = try Journal(folder: folder)
        try journal.apply([.saveJob(Job(id: "j1", operation: "noop", input: .null, createdAt: now), idempotency: nil)])
        let copy = folder.appendingPathComponent("copy.sqlite").path
        #expect(try Journal.backup(folder: folder, to: copy) > 0)
        try journal.apply([.saveJob(Job(id: "j2", operation: "noop", input: .null, createdAt: now), idempotency: nil)])
        let restored = folder.appendingPathComponent("restored")
        try FileManager.default.createDirectory(at: restored, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: copy, toPath: restored.appendingPathComponent("journal.sqlite").path)
        #expect(try Journal(folder: restored).recover().jobs.map(\.0.id) == ["j1"], "the copy is the moment it was taken")
        #expect(throws: JournalError.self) { try Journal.backup(folder: folder, to: restored.appendingPathComponent("journal.sqlite").path) }
    }

    @Test func aJournalFromBeforeTheHeaderMarkIsStillOurs() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let old = try Database(path: path)
        try old.execute(
            """
            CREATE TABLE jobs (id TEXT PRIMARY KEY, operation TEXT NOT NULL, state TEXT NOT NULL, idempotency_key TEXT UNIQUE,
                created_at TEXT NOT NULL, updated_at TEXT NOT NULL, body TEXT NOT NULL);
            CREATE TABLE presentations (id TEXT PRIMARY KEY, job TEXT NOT NULL, sequence INTEGER NOT NULL, body TEXT NOT NULL, resolution TEXT);
            CREATE TABLE steps (job TEXT NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (job, name));
            CREATE TABLE events (sequence INTEGER PRIMARY KEY, type TEXT NOT NULL, job TEXT, at TEXT NOT NULL, body TEXT NOT NULL);
            PRAGMA user_version = 1;
            """)
        let journal = try Journal(folder: folder)
        let job = Job(id: "j1", operation: "noop", input: .null, createdAt: now)
        try journal.apply([.saveJob(job, idempotency: Idempotency(key: "k", operation: "noop", input: .null))])
        #expect(try journal.job(idempotencyKey: "k")?.job.id == "j1")
    }
}
