import SQLite

/// What the journal asks of a database engine: one statement at a time with `?` placeholders and
/// SQLite's values, rows read by column name (or by position as
/// they stream: `eachRow`), write transactions, numbered migrations.
///
/// Both engines run the journal's one set of statements: SQLite's `Database` as it is, and
/// `PostgresJournalDatabase`, which numbers the placeholders and sends a transaction's writes in one
/// pipeline. The SQL is written to mean the same on both (`ON CONFLICT`, `rowid`, no engine functions).
protocol JournalDatabase: AnyObject {
    /// Runs one query and returns every row.
    func query(_ sql: String, _ values: [SQLValue]) throws -> [Row]
    /// Runs one query and hands each row to `body`, read by position; SQLite hands them as it steps, so
    /// no row outlives its call.
    func eachRow(_ sql: String, _ values: [SQLValue], _ body: (any Columns) throws -> Void) throws
    /// Runs one statement; inside `transaction` it may take effect only when the transaction commits.
    func run(_ sql: String, _ values: [SQLValue]) throws
    /// Runs `body` as one transaction: every statement it runs takes effect, or none.
    func transaction<T>(_ body: () throws -> T) throws -> T
    /// Applies, in version order, each migration not yet applied, each in its own transaction.
    func migrate(_ migrations: [Migration]) throws
}

extension JournalDatabase {
    /// Runs one query with `values` bound in order and returns every row.
    func query(_ sql: String, _ values: SQLValue...) throws -> [Row] { try query(sql, values) }

    /// Runs one statement with `values` bound in order.
    func run(_ sql: String, _ values: SQLValue...) throws { try run(sql, values) }
}

extension Database: JournalDatabase {
    func eachRow(_ sql: String, _ values: [SQLValue], _ body: (any Columns) throws -> Void) throws {
        try forEachRow(sql, values) { try body($0) }
    }
}
