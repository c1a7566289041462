import PostgreSQL
import SQLite

extension PostgresJournalDatabase {
    /// Applies every migration not yet recorded in `interlude_schema`, in version order, all in one
    /// transaction under an advisory lock, so brokers starting together apply each exactly once.
    /// A journal with a version this program does not know (a newer Interlude's) is refused.
    func migrate(_ migrations: [Migration]) throws {
        let connection = try open()
        try connection.transaction {
            _ = try connection.query("SELECT pg_advisory_xact_lock($1)", [.integer(Self.migrationLock)])
            try connection.execute("CREATE TABLE IF NOT EXISTS interlude_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())")
            let applied = Set(try connection.query("SELECT version FROM interlude_schema").compactMap { $0.int("version") })
            let known = Set(migrations.map { Int64($0.version) })
            if let newer = applied.subtracting(known).max() {
                throw PostgresError(
                    .misuse,
                    "the journal at \(url) has schema version \(newer), which this Interlude does not know "
                        + "(it knows up to \(known.max() ?? 0)): it was written by a newer one")
            }
            for migration in migrations.sorted(by: { $0.version < $1.version }) where !applied.contains(Int64(migration.version)) {
                try connection.execute(migration.sql)
                try connection.run("INSERT INTO interlude_schema (version) VALUES ($1)", [.integer(Int64(migration.version))])
            }
        }
    }

    /// The advisory lock key migrations hold ("ITLJMIGR").
    static let migrationLock: Int64 = 0x4954_4C4A_4D49_4752
}
