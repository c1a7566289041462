import Foundation
import SQLite
import Testing

/// Checkpoints on a thread of their own (`Database.Options.Checkpoints.background`).
@Suite struct CheckpointTests {
    private static let table = "CREATE TABLE rows (id INTEGER PRIMARY KEY, body BLOB NOT NULL)"
    /// A row of about one page, so each commit adds a few frames to the WAL.
    private static let body = SQLValue.blob(Data(repeating: 7, count: 3_000))

    private static func walFrames(_ path: String) -> Int {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int ?? 0
        return max(0, bytes - 32) / (4_096 + 24)
    }

    @Test("Past the threshold the other thread checkpoints, and no commit below the limit does")
    func commitsBelowTheLimitLeaveTheCheckpointToTheThread() throws {
        try withDatabasePath { path in
            let database = try Database(path: path, options: .init(checkpoints: .background(pages: 20, limit: 100_000)))
            try database.execute(Self.table)
            for _ in 0..<60 { try database.run("INSERT INTO rows (body) VALUES (?)", Self.body) }
            let deadline = ContinuousClock.now + .seconds(20)
            while database.checkpointCounts.background == 0, ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.005)
            }
            #expect(database.checkpointCounts.background >= 1, "the thread checkpointed within 20 s")
            #expect(database.checkpointCounts.onCommit == 0)
            #expect(try database.query("SELECT COUNT(*) AS n FROM rows").first?.int("n") == 60)
        }
    }

    @Test("Past the limit the committing thread checkpoints itself: the WAL stays bounded and nothing is lost")
    func theWALStaysBoundedAndNothingIsLost() throws {
        try withDatabasePath { path in
            let (pages, limit, commits) = (10, 40, 1_500)
            var largest = 0
            do {
                let database = try Database(path: path, options: .init(checkpoints: .background(pages: pages, limit: limit)))
                try database.execute(Self.table)
                for index in 0..<commits {
                    try database.transaction {
                        try database.run("INSERT INTO rows (id, body) VALUES (?, ?)", .integer(Int64(index)), Self.body)
                    }
                    largest = max(largest, Self.walFrames(path))
                }
                #expect(try database.query("SELECT COUNT(*) AS n FROM rows").first?.int("n") == Int64(commits))
            }
            // A commit adds at most a few frames (the row's page, an index page, the header page) past the limit.
            #expect(largest <= limit + 8, "the WAL held at most \(largest) frames")
            let reopened = try Database(path: path)
            #expect(try reopened.query("SELECT COUNT(*) AS n FROM rows").first?.int("n") == Int64(commits))
            #expect(try reopened.quickCheck().isEmpty)
        }
    }

    @Test("A read-only connection has no checkpoint thread")
    func readOnlyConnectionsDoNotCheckpoint() throws {
        try withDatabasePath { path in
            let writer = try Database(path: path)
            try writer.execute(Self.table)
            let reader = try Database(path: path, options: .init(readOnly: true, checkpoints: .inBackground))
            #expect(try reader.query("SELECT COUNT(*) AS n FROM rows").first?.int("n") == 0)
            #expect(reader.checkpointCounts.background == 0 && reader.checkpointCounts.onCommit == 0)
        }
    }
}
