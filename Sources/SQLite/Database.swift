import CSQLite

/// One SQLite connection in WAL mode, with a statement cache; used from one thread only.
public final class Database {
    let connection: OpaquePointer
    private var statements: [String: Statement] = [:]
    /// The thread that checkpoints, with `Checkpoints.background`.
    private let checkpointer: Checkpointer?
    /// Dynamic SQL must not grow the cache without bound; past this many entries it starts over.
    private static let cacheLimit = 128

    /// Opens (creating if needed, unless read-only) the database at `path`; its folder must exist.
    public init(path: String, options: Options = .init()) throws(SQLiteError) {
        var opened: OpaquePointer?
        let access = options.readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let result = sqlite3_open_v2(path, &opened, access | SQLITE_OPEN_NOMUTEX, nil)
        guard let opened else { throw SQLiteError(extendedCode: result, message: "cannot allocate a connection") }
        do {
            try checkSQLite(result, opened)
            try Self.configure(opened, options)
            checkpointer = try Self.checkpointer(opened, path: path, options)
        } catch {
            sqlite3_close_v2(opened)
            throw error
        }
        connection = opened
    }

    /// With `.background`, turns SQLite's checkpoint on commit off and hands the WAL's size after each
    /// commit to a `Checkpointer` (the hook replaces SQLite's own, which is one too).
    private static func checkpointer(_ connection: OpaquePointer, path: String, _ options: Options) throws(SQLiteError) -> Checkpointer? {
        guard case .background(let pages, let limit) = options.checkpoints, !options.readOnly else { return nil }
        let checkpointer = try Checkpointer(path: path, synchronous: options.synchronous, pages: pages, limit: limit)
        sqlite3_wal_hook(
            connection,
            { context, writer, name, frames in
                guard let context, let writer else { return SQLITE_OK }
                Unmanaged<Checkpointer>.fromOpaque(context).takeUnretainedValue().committed(frames: Int(frames), writer: writer, database: name)
                // The commit has happened whatever the checkpoint did: an error here would be reported as the statement's.
                return SQLITE_OK
            }, Unmanaged.passUnretained(checkpointer).toOpaque())
        return checkpointer
    }

    /// Checkpoints taken so far by the background thread and by the committing thread (past the limit);
    /// zeros with `Checkpoints.onCommit`.
    public var checkpointCounts: (background: Int, onCommit: Int) {
        checkpointer.map { ($0.counts.background, $0.counts.writer) } ?? (0, 0)
    }

    private static func configure(_ connection: OpaquePointer, _ options: Options) throws(SQLiteError) {
        try checkSQLite(sqlite3_extended_result_codes(connection, 1), connection)
        try checkSQLite(sqlite3_busy_timeout(connection, options.busyTimeoutMilliseconds), connection)
        var pragmas = "PRAGMA foreign_keys = ON; PRAGMA synchronous = \(options.synchronous.pragma);"
        // A read-only connection cannot switch the journal mode; the writer has already set it.
        if !options.readOnly { pragmas = "PRAGMA journal_mode = WAL; " + pragmas }
        try checkSQLite(sqlite3_exec(connection, pragmas, nil, nil, nil), connection, sql: pragmas)
    }

    deinit {
        // A statement the caller still holds must not reach the checkpointer once it is gone.
        if checkpointer != nil { sqlite3_wal_hook(connection, nil, nil) }
        statements.removeAll()
        // close_v2 defers the real close until statements the caller still holds are finalized.
        sqlite3_close_v2(connection)
        checkpointer?.stop()
    }

    /// Runs one or more statements without parameters.
    public func execute(_ sql: String) throws(SQLiteError) {
        try checkSQLite(sqlite3_exec(connection, sql, nil, nil, nil), connection, sql: sql)
    }

    /// Returns the compiled statement for `sql`, compiling it on first use.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        if let cached = statements[sql] { return cached }
        let statement = try Statement(sql: sql, connection: connection)
        if statements.count >= Self.cacheLimit { statements.removeAll() }
        statements[sql] = statement
        return statement
    }

    /// Runs one statement with `values` bound to its parameters.
    public func run(_ sql: String, _ values: SQLValue...) throws(SQLiteError) {
        try run(sql, values)
    }

    /// Runs one statement with `values` bound to its parameters.
    public func run(_ sql: String, _ values: [SQLValue]) throws(SQLiteError) {
        try prepare(sql).run(values)
    }

    /// Runs one query with `values` bound to its parameters and returns every row.
    public func query(_ sql: String, _ values: SQLValue...) throws(SQLiteError) -> [Row] {
        try query(sql, values)
    }

    /// Runs one query with `values` bound to its parameters and returns every row.
    public func query(_ sql: String, _ values: [SQLValue]) throws(SQLiteError) -> [Row] {
        try prepare(sql).query(values)
    }

    /// Runs one query and hands each row to `body` while SQLite holds it (see `Statement.forEachRow`).
    public func forEachRow(_ sql: String, _ values: [SQLValue], _ body: (Statement.Cursor) throws -> Void) throws {
        try prepare(sql).forEachRow(values, body)
    }

    /// Whether SQLite opened the main database for reading only (it does so silently when the file or its
    /// mount refuses writes).
    public var isReadOnly: Bool { sqlite3_db_readonly(connection, "main") == 1 }

    /// The rowid of the most recent successful INSERT on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(connection) }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE on this connection.
    public var changes: Int { Int(sqlite3_changes64(connection)) }
}

@available(*, unavailable, message: "a connection opened with NOMUTEX belongs to one thread")
extension Database: Sendable {}
