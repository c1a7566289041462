public import Foundation
import Primitives

/// One SQLite value, as bound to a parameter or read from a column.
///
/// Dates are stored as TEXT, written by `Timestamp` (UTC, exactly three fractional digits:
/// "2025-01-31T09:30:00.250Z"): readable in the sqlite3 shell, ordered correctly by plain text
/// comparison, understood by SQLite's date functions, and the same text as in JSON.
public enum SQLValue: Sendable, Hashable {
    /// SQL NULL.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A double-precision float.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob(Data)
}

extension SQLValue {
    /// Text, or NULL for nil.
    public init(_ value: String?) { self = value.map(SQLValue.text) ?? .null }

    /// An integer, or NULL for nil.
    public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }

    /// An integer, or NULL for nil.
    public init(_ value: Int64?) { self = value.map(SQLValue.integer) ?? .null }

    /// A float, or NULL for nil.
    public init(_ value: Double?) { self = value.map(SQLValue.real) ?? .null }

    /// 1 or 0, or NULL for nil.
    public init(_ value: Bool?) { self = value.map { .integer($0 ? 1 : 0) } ?? .null }

    /// A blob, or NULL for nil.
    public init(_ value: Data?) { self = value.map(SQLValue.blob) ?? .null }

    /// `Timestamp` text, or NULL for nil.
    public init(_ value: Date?) { self = value.map { .text(Timestamp.string($0)) } ?? .null }

    /// The value as a date, when it is timestamp text.
    public var date: Date? {
        guard case .text(let text) = self else { return nil }
        return Timestamp.date(text)
    }
}

extension SQLValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
    /// SQL NULL.
    public init(nilLiteral: ()) { self = .null }
    /// An integer.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A float.
    public init(floatLiteral value: Double) { self = .real(value) }
    /// Text.
    public init(stringLiteral value: String) { self = .text(value) }
    /// 1 or 0.
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}
