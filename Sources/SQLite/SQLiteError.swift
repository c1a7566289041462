import CSQLite

/// A failed SQLite call: its result codes, SQLite's message, and the SQL that was running.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The primary result code, such as `SQLITE_CONSTRAINT` (19) or `SQLITE_BUSY` (5).
    public var code: Int32
    /// The extended result code, such as `SQLITE_CONSTRAINT_UNIQUE` (2067).
    public var extendedCode: Int32
    /// SQLite's explanation (`sqlite3_errmsg`), or this wrapper's for misuse it detects itself.
    public var message: String
    /// The statement that failed, when there was one.
    public var sql: String?
    /// The operating system's `errno` behind an I/O error (`sqlite3_system_errno`), 0 when none.
    public var systemErrno: Int32

    /// Creates an error from an extended result code.
    public init(extendedCode: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
        self.code = extendedCode & 0xFF
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
    }

    /// Whether a constraint (UNIQUE, NOT NULL, CHECK, FOREIGN KEY…) was violated.
    public var isConstraint: Bool { code == SQLITE_CONSTRAINT }

    /// Whether another connection held a lock past the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    /// Whether the disk (or the database's page limit) is full: `SQLITE_FULL`, or an I/O error
    /// whose cause was `ENOSPC` (growing the WAL index, say).
    public var isFull: Bool { code == SQLITE_FULL || (code == SQLITE_IOERR && systemErrno == 28) }

    /// Whether the file is not a database, or is damaged.
    public var isNotADatabase: Bool { code == SQLITE_NOTADB || code == SQLITE_CORRUPT }

    /// One line: the code name, SQLite's message and the SQL.
    public var description: String {
        let name = String(cString: sqlite3_errstr(extendedCode))
        let statement = sql.map { " in: \($0)" } ?? ""
        return "SQLite error \(extendedCode) (\(name)): \(message)\(statement)"
    }

    /// The wrapper's own misuse report (wrong parameter count, several statements in one prepare…).
    static func misuse(_ message: String, sql: String?) -> SQLiteError {
        SQLiteError(extendedCode: SQLITE_MISUSE, message: message, sql: sql)
    }
}

/// The one door for SQLite calls: passes `SQLITE_OK`, `SQLITE_ROW` and `SQLITE_DONE`, throws the rest.
@discardableResult
func checkSQLite(_ result: Int32, _ connection: OpaquePointer?, sql: String? = nil) throws(SQLiteError) -> Int32 {
    switch result {
    case SQLITE_OK, SQLITE_ROW, SQLITE_DONE:
        return result
    default:
        // Read right away: the next call on the connection replaces its message. Results are
        // already extended codes because Database turns sqlite3_extended_result_codes on.
        let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(result))
        throw SQLiteError(extendedCode: result, message: message, sql: sql, systemErrno: connection.map { sqlite3_system_errno($0) } ?? 0)
    }
}
