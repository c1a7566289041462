/// One schema step: SQL applied once, when the database's `user_version` is below `version`.
public struct Migration: Sendable, Hashable {
    /// The `user_version` the database has after this step; positive and unique.
    public var version: Int
    /// One or more statements, applied in one transaction.
    public var sql: String

    /// Creates a step.
    public init(version: Int, sql: String) {
        self.version = version
        self.sql = sql
    }
}
