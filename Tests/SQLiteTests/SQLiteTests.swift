import Foundation
import Primitives
import SQLite
import Testing

/// Runs `body` with a database path in a fresh temporary folder, removed afterwards.
func withDatabasePath<T>(_ body: (String) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("interlude-sqlite-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder.appendingPathComponent("journal.sqlite").path)
}

private struct Abort: Error {}

private let schema = [
    Migration(version: 1, sql: "CREATE TABLE jobs (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);"),
    Migration(version: 2, sql: "ALTER TABLE jobs ADD COLUMN state TEXT; CREATE INDEX jobs_state ON jobs (state);"),
]

@Suite struct SQLiteTests {
    @Test func migrationsApplyOnceAndAdvanceUserVersion() throws {
        try withDatabasePath { path in
            let database = try Database(path: path)
            #expect(try database.userVersion == 0)
            try database.migrate(schema)
            #expect(try database.userVersion == 2)
            try database.migrate(schema)  // Re-applying would fail on CREATE TABLE.
            try database.migrate(schema + [Migration(version: 3, sql: "CREATE TABLE events (id INTEGER PRIMARY KEY);")])
            #expect(try database.userVersion == 3)
            #expect(try database.query("SELECT 1 FROM sqlite_master WHERE name = 'events'").count == 1)
        }
    }

    @Test func aMigrationNumberedBelowOneAlreadyAppliedStillRuns() throws {
        // Numbers are reserved ahead of time: 3 may land before 2.
        try withDatabasePath { path in
            let database = try Database(path: path)
            try database.migrate(schema + [Migration(version: 4, sql: "CREATE TABLE later (id INTEGER);")])
            #expect(try database.userVersion == 4)
            try database.migrate(
                schema + [
                    Migration(version: 3, sql: "CREATE TABLE earlier (id INTEGER);"),
                    Migration(version: 4, sql: "CREATE TABLE later (id INTEGER);"),
                ])
            #expect(try database.query("SELECT 1 FROM sqlite_master WHERE name = 'earlier'").count == 1)
            #expect(try database.userVersion == 4)
        }
    }

    @Test func aDatabaseFromBeforeTheRecordCountsEveryVersionUpToItsOwnAsApplied() throws {
        try withDatabasePath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE jobs (id INTEGER); CREATE TABLE steps (id INTEGER); PRAGMA user_version = 2;")
            try database.migrate(schema + [Migration(version: 3, sql: "CREATE TABLE events (id INTEGER PRIMARY KEY);")])
            #expect(try database.userVersion == 3)
            #expect(try database.query("SELECT version FROM schema_migrations ORDER BY version").compactMap { $0.int("version") } == [1, 2, 3])
        }
    }

    @Test func aFailingMigrationLeavesTheVersionAndSchemaUntouched() throws {
        try withDatabasePath { path in
            let database = try Database(path: path)
            try database.migrate(schema)
            let broken = Migration(version: 3, sql: "CREATE TABLE half (id INTEGER); SELECT * FROM missing;")
            #expect(throws: SQLiteError.self) { try database.migrate(schema + [broken]) }
            #expect(try database.userVersion == 2)
            #expect(try database.query("SELECT name FROM sqlite_master WHERE name = 'half'").isEmpty)
        }
    }

    @Test func reopeningKeepsCommittedData() throws {
        try withDatabasePath { path in
            do {
                let database = try Database(path: path, options: .init(synchronous: .normal))
                try database.migrate(schema)
                try database.run("INSERT INTO jobs (name, state) VALUES (?, ?)", "export", "running")
                #expect(database.lastInsertRowID == 1)
                #expect(database.changes == 1)
            }
            let reopened = try Database(path: path, options: .init(readOnly: true))
            #expect(try reopened.userVersion == 2)
            let rows = try reopened.query("SELECT state FROM jobs WHERE name = ?", "export")
            #expect(rows.map { $0.string("state") } == ["running"])
        }
    }

    @Test func aTransactionThatThrowsRollsBackAndOneThatReturnsCommits() throws {
        try withDatabasePath { path in
            let database = try Database(path: path)
            try database.migrate(schema)
            #expect(throws: Abort.self) {
                try database.transaction {
                    try database.run("INSERT INTO jobs (name) VALUES ('lost')")
                    throw Abort()
                }
            }
            let kept = try database.transaction {
                try database.run("INSERT INTO jobs (name) VALUES ('kept')")
                let id = database.lastInsertRowID
                try? database.transaction {  // A nested failure undoes only its own savepoint.
                    try database.run("INSERT INTO jobs (name) VALUES ('inner')")
                    throw Abort()
                }
                return id
            }
            #expect(try database.query("SELECT id, name FROM jobs").map { $0.string("name") } == ["kept"])
            #expect(kept == 1)
        }
    }

    @Test func aUniqueViolationIsAConstraintErrorNamingTheSQL() throws {
        try withDatabasePath { path in
            let database = try Database(path: path)
            try database.migrate(schema)
            let insert = "INSERT INTO jobs (name) VALUES (?)"
            try database.run(insert, "export")
            let error = #expect(throws: SQLiteError.self) { try database.run(insert, "export") }
            #expect(error?.isConstraint == true)
            #expect(error?.isBusy == false)
            #expect(error?.extendedCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
            #expect(error?.sql == insert)
            #expect(error?.message.contains("UNIQUE constraint failed: jobs.name") == true)
            #expect(error?.description.contains(insert) == true)
            try database.run(insert, "restore")  // The cached statement still works after the failure.
        }
    }

    @Test(arguments: [
        SQLValue.null, .integer(.min), .integer(42), .real(-3.25), .text(""), .text("héllo\u{0}wörld 🎛"),
        .blob(Data()), .blob(Data((0...255).map(UInt8.init))),
    ])
    func valuesRoundTripUnchanged(value: SQLValue) throws {
        try withDatabasePath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (v)")
            try database.run("INSERT INTO t VALUES (?)", value)
            #expect(try database.query("SELECT v FROM t")[0]["v"] == value)
        }
    }

    @Test("Several texts and blobs in one statement keep their own bytes, run after run of the cached statement")
    func boundValuesKeepTheirBytesAcrossRuns() throws {
        try withDatabasePath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (n INTEGER, a, b, c, d, e)")
            let insert = "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)"
            // Small (inline) and large strings, empty ones, blobs, NULL; one run larger than the kept buffer, then small ones again.
            let rows: [[SQLValue]] = [
                [.text("queued"), .text("job_0193a6f2b4c00f1e2d3c4b5a6"), .blob(Data([0, 1, 2])), .null, .text("")],
                [.text(String(repeating: "é", count: 40_000)), .blob(Data(repeating: 9, count: 70_000)), .text("x"), .blob(Data()), .integer(7)],
                [.text(""), .text("2026-12-01T11:30:00.000Z"), .real(1.5), .text("héllo\u{0}wörld 🎛"), .text("b")],
                [.null, .blob(Data((0...255).map(UInt8.init))), .text("short"), .text(String(repeating: "z", count: 300)), .text("")],
            ]
            for (index, values) in rows.enumerated() { try database.run(insert, [.integer(Int64(index))] + values) }
            for (index, values) in rows.enumerated() {
                let row = try database.query("SELECT a, b, c, d, e FROM t WHERE n = ?", .integer(Int64(index)))[0]
                #expect(["a", "b", "c", "d", "e"].map { row[$0] } == values, "row \(index)")
            }
            // A text bound in a query's WHERE matches the text stored, however long.
            let long = String(repeating: "é", count: 40_000)
            #expect(try database.query("SELECT n FROM t WHERE a = ?", .text(long)).map { $0.int("n") } == [1])
            #expect(try database.query("SELECT n FROM t WHERE a = ?", .text("")).map { $0.int("n") } == [2])
        }
    }

    @Test func datesAndOptionalsConvertAsDocumented() throws {
        let date = Date(timeIntervalSince1970: 1_738_315_800.25)
        #expect(SQLValue(date) == .text("2025-01-31T09:30:00.250Z"))
        #expect(SQLValue(date).date == date)
        #expect(SQLValue(String?.none) == .null)
        #expect(SQLValue(Int?.some(7)) == 7)
        #expect(SQLValue(true) == .integer(1))
    }

    @Test("A date is stored as the same millisecond text JSON writes, not truncated", arguments: [1_764_451_172.122999, 1_800_000_000.9996])
    func datesAreStoredAsTimestamps(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(SQLValue(date) == .text(Timestamp.string(date)))
        let stored = try #require(SQLValue(date).date)
        #expect(SQLValue(stored) == SQLValue(date), "reading it back and writing it again gives the same text")
    }

    @Test func theJournalModeReadsBackAsWAL() throws {
        try withDatabasePath { path in
            let database = try Database(path: path)
            #expect(try database.query("PRAGMA journal_mode")[0].string("journal_mode") == "wal")
            #expect(try database.query("PRAGMA foreign_keys")[0].int("foreign_keys") == 1)
            #expect(try database.query("PRAGMA synchronous")[0].int("synchronous") == 2)  // FULL
        }
    }

    @Test func bindingTheWrongNumberOfValuesThrowsAClearError() throws {
        try withDatabasePath { path in
            let database = try Database(path: path)
            try database.migrate(schema)
            let insert = "INSERT INTO jobs (name, state) VALUES (?, ?)"
            let error = #expect(throws: SQLiteError.self) { try database.run(insert, "x") }
            #expect(error?.message == "expected 2 parameter(s), got 1")
            #expect(error?.sql == insert)
        }
    }

    @Test func prepareRefusesSeveralStatementsAndExecuteRunsThem() throws {
        try withDatabasePath { path in
            let database = try Database(path: path)
            #expect(throws: SQLiteError.self) { try database.prepare("CREATE TABLE a (x); CREATE TABLE b (x);") }
            try database.execute("CREATE TABLE a (x); CREATE TABLE b (x);")
            let tables = try database.query("SELECT name FROM sqlite_master ORDER BY name")
            #expect(tables.map { $0.string("name") } == ["a", "b"])
        }
    }

    @Test func aCachedStatementIsReusedWithFreshBindings() throws {
        try withDatabasePath { path in
            let database = try Database(path: path)
            try database.migrate(schema)
            for name in ["a", "b", "c"] {
                try database.run("INSERT INTO jobs (name, state) VALUES (?, ?)", SQLValue(name), SQLValue("s-" + name))
            }
            let select = "SELECT state FROM jobs WHERE name = ?"
            #expect(try database.prepare(select) === database.prepare(select))
            for name in ["c", "a", "b", "missing"] {
                let states = try database.query(select, .text(name)).map { $0.string("state") }
                #expect(states == (name == "missing" ? [] : ["s-" + name]))
            }
        }
    }

    @Test func checkpointTruncatesTheWAL() throws {
        try withDatabasePath { path in
            let database = try Database(path: path)
            try database.migrate(schema)
            try database.run("INSERT INTO jobs (name) VALUES ('x')")
            try database.checkpoint()
            let walSize = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
            #expect(walSize == 0)
        }
    }

    @Test func openingInAMissingFolderFailsWithCantOpen() throws {
        let error = #expect(throws: SQLiteError.self) {
            try Database(path: "/nonexistent-\(UUID().uuidString)/journal.sqlite")
        }
        #expect(error?.code == 14)  // SQLITE_CANTOPEN
    }
}

@Suite struct SQLiteMaintenanceTests {
    @Test func aWritePastTheLimitFailsAsFullAndTheSameWriteSucceedsOnceThereIsRoom() throws {
        try withDatabasePath { path in
            let database = try Database(path: path)
            try database.migrate(schema)
            let pages = try database.pageCount
            try database.setMaxPageCount(pages)
            let blob = String(repeating: "x", count: 64 << 10)
            let error = #expect(throws: SQLiteError.self) {
                try database.transaction { try database.run("INSERT INTO jobs (name) VALUES (?)", .text(blob)) }
            }
            #expect(error?.isFull == true, "\(String(describing: error))")
            #expect(try database.query("SELECT COUNT(*) AS n FROM jobs").first?.int("n") == 0, "nothing of it was kept")
            try database.setMaxPageCount(pages * 100)
            try database.transaction { try database.run("INSERT INTO jobs (name) VALUES (?)", .text(blob)) }
            #expect(try database.query("SELECT COUNT(*) AS n FROM jobs").first?.int("n") == 1)
        }
    }

    @Test func aBackupIsAWholeCheckedCopyInOneFile() throws {
        try withDatabasePath { path in
            let database = try Database(path: path)
            try database.migrate(schema)
            for index in 0..<100 { try database.run("INSERT INTO jobs (name) VALUES (?)", .text("job \(index)")) }
            let copy = path + ".backup"
            #expect(try database.backup(to: copy) > 0)
            #expect(!FileManager.default.fileExists(atPath: copy + "-wal"), "one file")
            let restored = try Database(path: copy, options: .init(readOnly: true))
            #expect(try restored.quickCheck().isEmpty)
            #expect(try restored.query("SELECT COUNT(*) AS n FROM jobs").first?.int("n") == 100)
        }
    }

    @Test func theApplicationIDMarksAFileFormat() throws {
        try withDatabasePath { path in
            let database = try Database(path: path)
            #expect(try database.applicationID == 0)
            try database.setApplicationID(0x4954_4C4A)
            #expect(try database.applicationID == 0x4954_4C4A)
            #expect(try database.quickCheck().isEmpty)
            #expect(try database.integrityCheck().isEmpty)
        }
    }
}
