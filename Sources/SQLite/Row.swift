public import Foundation

/// One result row, read by column name.
public struct Row: Sendable, Hashable {
    /// Column names in result order.
    public let columns: [String]
    /// Values in column order.
    public let values: [SQLValue]

    /// Creates a row; `columns` and `values` must have the same count.
    public init(columns: [String], values: [SQLValue]) {
        precondition(columns.count == values.count, "a row needs one value per column")
        self.columns = columns
        self.values = values
    }

    /// The value of the first column called `name`, or NULL if there is none.
    public subscript(name: String) -> SQLValue {
        columns.firstIndex(of: name).map { values[$0] } ?? .null
    }

    /// The value at a column position.
    public subscript(index: Int) -> SQLValue { values[index] }

    /// The column's text, or nil if it is not TEXT.
    public func string(_ name: String) -> String? {
        if case .text(let value) = self[name] { value } else { nil }
    }

    /// The column's integer, or nil if it is not INTEGER.
    public func int(_ name: String) -> Int64? {
        if case .integer(let value) = self[name] { value } else { nil }
    }

    /// The column's number (REAL, or INTEGER widened), or nil otherwise.
    public func double(_ name: String) -> Double? {
        switch self[name] {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    /// The column's bytes, or nil if it is not a BLOB.
    public func data(_ name: String) -> Data? {
        if case .blob(let value) = self[name] { value } else { nil }
    }

    /// The column's date (ISO 8601 TEXT, see ``SQLValue``), or nil otherwise.
    public func date(_ name: String) -> Date? { self[name].date }

    /// Whether the column is NULL or missing.
    public func isNull(_ name: String) -> Bool { self[name] == .null }
}
