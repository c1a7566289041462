import CSQLite

extension Database {
    /// Runs `body` in a transaction (BEGIN IMMEDIATE, or a savepoint when nested), committing
    /// if it returns and rolling back if it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        let nested = try begin()
        do {
            let value = try body()
            try commit(nested: nested)
            return value
        } catch {
            rollback(nested: nested)
            throw error
        }
    }

    /// Starts a transaction, or a savepoint inside an open one; returns whether it nested.
    func begin() throws(SQLiteError) -> Bool {
        let nested = sqlite3_get_autocommit(connection) == 0
        // IMMEDIATE takes the write lock now, so a busy database fails here with the busy
        // timeout applied, rather than deadlocking on a later read-to-write upgrade.
        // Compiled once (the statement cache), not parsed again at every transaction as `execute` would.
        try run(nested ? "SAVEPOINT interlude" : "BEGIN IMMEDIATE", [])
        return nested
    }

    func commit(nested: Bool) throws(SQLiteError) {
        try run(nested ? "RELEASE interlude" : "COMMIT", [])
    }

    /// Best effort: the caller is already reporting the error that caused the rollback.
    func rollback(nested: Bool) {
        try? execute(nested ? "ROLLBACK TO interlude; RELEASE interlude" : "ROLLBACK")
    }

    /// The schema version stored in the database header (`PRAGMA user_version`).
    public var userVersion: Int {
        get throws(SQLiteError) {
            Int(try query("PRAGMA user_version").first?.int("user_version") ?? 0)
        }
    }

    /// Sets the schema version stored in the database header.
    public func setUserVersion(_ version: Int) throws(SQLiteError) {
        try execute("PRAGMA user_version = \(version)")
    }

    /// Applies, in version order, each migration not applied yet, each in its own transaction, and
    /// records it in `schema_migrations`. Numbers are handed out ahead of time, so a migration may
    /// arrive after a higher one was applied; it still runs. `userVersion` ends at the highest applied.
    public func migrate(_ migrations: [Migration]) throws(SQLiteError) {
        let ordered = migrations.sorted { $0.version < $1.version }
        for (earlier, later) in zip(ordered, ordered.dropFirst()) where earlier.version == later.version {
            throw .misuse("two migrations have version \(later.version)", sql: later.sql)
        }
        if let first = ordered.first, first.version < 1 {
            throw .misuse("migration versions start at 1, got \(first.version)", sql: first.sql)
        }
        let applied = try appliedMigrations(known: ordered)
        for migration in ordered where !applied.contains(migration.version) {
            // SQLite's way to rebuild a table others refer to: references off around the transaction, checked in it.
            if migration.rebuildsTables { try execute("PRAGMA foreign_keys = OFF") }
            defer { if migration.rebuildsTables { try? execute("PRAGMA foreign_keys = ON") } }
            let nested = try begin()
            do throws(SQLiteError) {
                try execute(migration.sql)
                if migration.rebuildsTables, try !query("PRAGMA foreign_key_check").isEmpty {
                    throw SQLiteError.misuse("migration \(migration.version) leaves rows referring to rows that are gone", sql: migration.sql)
                }
                try run("INSERT INTO schema_migrations (version) VALUES (?)", .integer(Int64(migration.version)))
                try setUserVersion(max(try userVersion, migration.version))
                try commit(nested: nested)
            } catch {
                rollback(nested: nested)
                throw error
            }
        }
    }

    /// The versions already applied. A database from before `schema_migrations` existed has applied
    /// every migration up to its `userVersion`, since until then they arrived in order.
    private func appliedMigrations(known: [Migration]) throws(SQLiteError) -> Set<Int> {
        let exists = try !query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").isEmpty
        if exists { return Set(try query("SELECT version FROM schema_migrations").compactMap { $0.int("version").map(Int.init) }) }
        let version = try userVersion
        let nested = try begin()
        do {
            try execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)")
            for migration in known where migration.version <= version {
                try run("INSERT INTO schema_migrations (version) VALUES (?)", .integer(Int64(migration.version)))
            }
            try commit(nested: nested)
        } catch {
            rollback(nested: nested)
            throw error
        }
        return Set(known.map(\.version).filter { $0 <= version })
    }

    /// Copies the WAL into the database file and truncates the WAL to zero bytes.
    public func checkpoint() throws(SQLiteError) {
        let result = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        try checkSQLite(result, connection, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
