import Foundation

/// One result row's columns read by position, without a name lookup or a copy of the row: what a reader
/// of many rows (the journal's recovery) walks over while the engine still holds the row.
public protocol Columns {
    /// Whether the column is NULL.
    func isNull(at column: Int) -> Bool
    /// The column's integer, or nil if it is not INTEGER.
    func int(at column: Int) -> Int64?
    /// The column's text, or nil if it is not TEXT.
    func text(at column: Int) -> String?
    /// Runs `body` over the column's UTF-8 bytes, valid only during the call; nil if it is not TEXT.
    func withText<T>(at column: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T?
}

extension Row: Columns {
    public func isNull(at column: Int) -> Bool { values[column] == .null }

    public func int(at column: Int) -> Int64? {
        if case .integer(let value) = values[column] { value } else { nil }
    }

    public func text(at column: Int) -> String? {
        if case .text(let value) = values[column] { value } else { nil }
    }

    public func withText<T>(at column: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T? {
        guard case .text(var value) = values[column] else { return nil }
        return try value.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }
}
