/// One schema step: SQL applied once, when the database's `user_version` is below `version`.
public struct Migration: Sendable, Hashable {
    /// The `user_version` the database has after this step; positive and unique.
    public var version: Int
    /// One or more statements, applied in one transaction.
    public var sql: String
    /// Whether the step rebuilds a table that others refer to: it then runs with foreign keys off (SQLite
    /// can only turn them off outside a transaction) and every reference is checked before it commits.
    public var rebuildsTables: Bool

    /// Creates a step.
    public init(version: Int, sql: String, rebuildsTables: Bool = false) {
        self.version = version
        self.sql = sql
        self.rebuildsTables = rebuildsTables
    }
}
