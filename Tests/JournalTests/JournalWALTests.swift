import Foundation
import JSON
import Journal
import SQLite
import Testing
import Wire

/// What SQLite does with a write-ahead log a crash left damaged: it replays the log's frames up to the first
/// whose checksum fails and keeps the transactions committed before it; that one and every later one are
/// dropped without an error. What was checkpointed into the file is never touched.
@Suite struct JournalWALTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("journal-wal-\(UUID().uuidString)")
    var live: URL { root.appendingPathComponent("live") }
    var crashed: URL { root.appendingPathComponent("crashed") }
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A journal with j1 checkpointed into the file, then j2 and j3 committed to the log one transaction each,
    /// copied while it is open, as a crash leaves it (the log not yet checkpointed nor removed). Returns the
    /// log's size after j2's commit and after j3's.
    func crashAfterThreeCommits() throws -> (afterJ2: Int, afterJ3: Int) {
        try FileManager.default.createDirectory(at: crashed, withIntermediateDirectories: true)
        let journal = try Journal(folder: live)
        let path = live.appendingPathComponent(Journal.fileName).path
        try journal.apply([.saveJob(Job(id: "j1", operation: "noop", input: .null, createdAt: Self.now), idempotency: nil)])
        try Database(path: path).checkpoint()
        #expect(Self.size(path + "-wal") == 0, "j1 is in the file, the log empty")
        try journal.apply([.saveJob(Job(id: "j2", operation: "noop", input: .null, createdAt: Self.now), idempotency: nil)])
        let afterJ2 = Self.size(path + "-wal")
        try journal.apply([.saveJob(Job(id: "j3", operation: "noop", input: .null, createdAt: Self.now), idempotency: nil)])
        let afterJ3 = Self.size(path + "-wal")
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: crashed.appendingPathComponent(Journal.fileName).path + suffix)
        }
        withExtendedLifetime(journal) {}
        return (afterJ2, afterJ3)
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// Writes `bytes` of garbage into the crashed journal's log at `offset` (its end when nil).
    func scribble(at offset: Int?, bytes: Int) throws {
        let handle = try FileHandle(forWritingTo: crashed.appendingPathComponent(Journal.fileName + "-wal"))
        defer { try? handle.close() }
        if let offset { try handle.seek(toOffset: UInt64(offset)) } else { try handle.seekToEnd() }
        try handle.write(contentsOf: Data(repeating: 0xA5, count: bytes))
    }

    /// The jobs the crashed journal holds once reopened (and checked).
    func recoveredJobs() throws -> [String] {
        let (journal, check) = try Journal.openChecking(folder: crashed)
        try check?.wait()
        return try journal.recover().jobs.map(\.0.id)
    }

    @Test func garbageAfterTheLastCommitIsIgnoredAndEveryCommitIsKept() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try crashAfterThreeCommits()
        try scribble(at: nil, bytes: 3 * 4096)
        #expect(try recoveredJobs() == ["j1", "j2", "j3"])
    }

    @Test func garbageOverTheLastTransactionDropsItSilentlyAndKeepsTheOnesBefore() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let sizes = try crashAfterThreeCommits()
        #expect(sizes.afterJ3 > sizes.afterJ2 && sizes.afterJ2 > 32)
        // The last frame of j3's transaction, the one that marks it committed.
        try scribble(at: sizes.afterJ3 - 100, bytes: 100)
        #expect(try recoveredJobs() == ["j1", "j2"], "no error: j3 is gone, as if it had never committed")
    }

    @Test func garbageOverTheLogsFirstFrameDropsEveryTransactionInTheLogButNotWhatWasCheckpointed() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try crashAfterThreeCommits()
        // Just past the 32-byte log header: the first frame's header and page, so no later frame counts either.
        try scribble(at: 32, bytes: 64)
        #expect(try recoveredJobs() == ["j1"], "j2 and j3 lived only in the log; j1 was checkpointed into the file")
    }
}
