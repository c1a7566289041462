/// One parameter of a statement, sent to the server as text (the server parses it as the type the
/// statement needs, such as `bigint` or `timestamptz`).
public enum PostgresValue: Sendable, Hashable {
    /// SQL NULL.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A double-precision float.
    case real(Double)
    /// `true` or `false`.
    case boolean(Bool)
    /// UTF-8 text without NUL characters (PostgreSQL's text cannot hold them).
    case text(String)

    /// The text form the server parses, or nil for NULL.
    var parameter: String? {
        switch self {
        case .null: nil
        case .integer(let number): String(number)
        case .real(let number) where number.isNaN: "NaN"
        case .real(let number) where number.isInfinite: number < 0 ? "-Infinity" : "Infinity"
        case .real(let number): "\(number)"
        case .boolean(let value): value ? "t" : "f"
        case .text(let text): text
        }
    }
}

/// One statement and its parameters (`$1`, `$2`, …), for a pipeline.
public struct PostgresStatement: Sendable, Hashable {
    /// One SQL statement with `$n` placeholders.
    public var sql: String
    /// The values of `$1`, `$2`, … in order.
    public var values: [PostgresValue]

    /// A statement with its parameters.
    public init(_ sql: String, _ values: [PostgresValue] = []) {
        self.sql = sql
        self.values = values
    }
}

/// What one statement returned: its rows, and how many rows it inserted, updated or deleted.
public struct PostgresResult: Sendable, Hashable {
    /// The rows, for a query or a statement with `RETURNING`.
    public var rows: [PostgresRow]
    /// Rows affected (`PQcmdTuples`): inserted, updated, deleted, or selected.
    public var affected: Int
}
