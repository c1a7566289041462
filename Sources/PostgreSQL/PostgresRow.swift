import CPostgres

/// One result row as the server sent it (text format), read by column name.
public struct PostgresRow: Sendable, Hashable {
    /// What a column holds, from its type: the types the journal reads; anything else reads as text.
    public enum Kind: Sendable, Hashable {
        case integer, real, boolean, text
    }

    /// Column names in result order.
    public let columns: [String]
    /// Each column's kind, in result order.
    public let kinds: [Kind]
    /// Each column's text, nil for NULL, in result order.
    public let values: [String?]

    /// The text of the first column called `name`, or nil when it is NULL or missing.
    public func string(_ name: String) -> String? {
        columns.firstIndex(of: name).flatMap { values[$0] }
    }

    /// The column's integer, or nil when it is NULL, missing or not a whole number.
    public func int(_ name: String) -> Int64? { string(name).flatMap { Int64($0) } }

    /// The column's number, or nil when it is NULL, missing or not a number.
    public func double(_ name: String) -> Double? { string(name).flatMap { Double($0) } }

    /// The column's truth value (`t` or `f`), or nil when it is NULL or missing.
    public func bool(_ name: String) -> Bool? { string(name).map { $0 == "t" || $0 == "true" } }

    /// The kind of a column from its type's OID (`int2`, `int4`, `int8`, `oid`; `float4`, `float8`,
    /// `numeric`; `bool`); everything else is text.
    static func kind(ofType oid: Oid) -> Kind {
        switch oid {
        case 20, 21, 23, 26: .integer
        case 700, 701, 1700: .real
        case 16: .boolean
        default: .text
        }
    }
}
