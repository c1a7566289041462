import CSQLite
import Foundation

/// A compiled statement, finalized exactly once when the last reference goes away.
///
/// Each `run` or `query` resets it first and after, so a cached statement never holds a read
/// transaction open between uses (which would block WAL checkpoints).
public final class Statement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer
    /// The SQL this statement was compiled from.
    public let sql: String
    /// The bytes of the text and blob values bound now: SQLite reads them in place (`SQLITE_STATIC`) until
    /// the bindings are cleared, so binding a value allocates nothing (a copy per value, Swift's C string
    /// and SQLite's own, used to take two allocations).
    private var bound: BindingBuffer

    init(sql: String, connection: OpaquePointer) throws(SQLiteError) {
        var compiled: OpaquePointer?
        let (result, rest) = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let result = sqlite3_prepare_v2(connection, text, -1, &compiled, &tail)
            return (result, tail.map { String(cString: $0) } ?? "")
        }
        try checkSQLite(result, connection, sql: sql)
        guard let compiled else { throw .misuse("no statement in the SQL", sql: sql) }
        guard rest.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
            sqlite3_finalize(compiled)
            throw .misuse("prepare takes one statement; use execute for several", sql: sql)
        }
        self.handle = compiled
        self.connection = connection
        self.sql = sql
        bound = BindingBuffer()
    }

    deinit {
        sqlite3_finalize(handle)
        bound.deallocate()
    }

    /// Binds `values` and steps to completion, discarding any rows.
    public func run(_ values: [SQLValue]) throws(SQLiteError) {
        try bind(values)
        defer { reset() }
        while try checkSQLite(sqlite3_step(handle), connection, sql: sql) == SQLITE_ROW {}
    }

    /// Binds `values` and returns every row.
    public func query(_ values: [SQLValue]) throws(SQLiteError) -> [Row] {
        try bind(values)
        defer { reset() }
        let columns = (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
        var rows: [Row] = []
        while try checkSQLite(sqlite3_step(handle), connection, sql: sql) == SQLITE_ROW {
            rows.append(Row(columns: columns, values: columns.indices.map { column(Int32($0)) }))
        }
        return rows
    }

    /// Binds `values` and hands each row to `body` as the engine holds it, read by position: no row is kept,
    /// so a reader of many rows holds one at a time.
    public func forEachRow(_ values: [SQLValue], _ body: (Cursor) throws -> Void) throws {
        try bind(values)
        defer { reset() }
        while try checkSQLite(sqlite3_step(handle), connection, sql: sql) == SQLITE_ROW {
            try body(Cursor(handle: handle))
        }
    }

    /// The current row of a statement being stepped, valid only inside `forEachRow`'s body.
    public struct Cursor: Columns {
        let handle: OpaquePointer

        public func isNull(at column: Int) -> Bool { sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL }

        public func int(at column: Int) -> Int64? {
            sqlite3_column_type(handle, Int32(column)) == SQLITE_INTEGER ? sqlite3_column_int64(handle, Int32(column)) : nil
        }

        public func text(at column: Int) -> String? {
            withText(at: column) { String(decoding: $0.assumingMemoryBound(to: UInt8.self), as: UTF8.self) }
        }

        public func withText<T>(at column: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T? {
            guard sqlite3_column_type(handle, Int32(column)) == SQLITE_TEXT else { return nil }
            let bytes = UnsafeRawPointer(sqlite3_column_text(handle, Int32(column)))
            let count = Int(sqlite3_column_bytes(handle, Int32(column)))
            return try body(UnsafeRawBufferPointer(start: count == 0 ? nil : bytes, count: count))
        }
    }

    /// Returns the statement to its initial state; its result repeats the last step's error,
    /// which the caller has already seen, so it is ignored. Clearing the bindings lets go of `bound`'s bytes.
    private func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        bound.release()
    }

    private func bind(_ values: [SQLValue]) throws(SQLiteError) {
        reset()
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard values.count == expected else {
            throw .misuse("expected \(expected) parameter(s), got \(values.count)", sql: sql)
        }
        // Every value's bytes are copied in first: growing the buffer moves them, so no pointer is taken before.
        bound.reserve(values.reduce(0) { $0 + BindingBuffer.byteCount($1) })
        for (offset, value) in values.enumerated() {
            try checkSQLite(bind(value, at: Int32(offset + 1), bytes: bound.append(value)), connection, sql: sql)
        }
    }

    /// Binds `value`; a text or blob is bound as the `bytes` of `bound` it was copied to.
    private func bind(_ value: SQLValue, at index: Int32, bytes: (start: Int, count: Int)) -> Int32 {
        switch value {
        case .null: sqlite3_bind_null(handle, index)
        case .integer(let number): sqlite3_bind_int64(handle, index, number)
        case .real(let number): sqlite3_bind_double(handle, index, number)
        // No destructor (SQLITE_STATIC): SQLite reads the bytes in place. The buffer always has an address,
        // so an empty text is bound as '' (a null pointer would bind NULL).
        case .text:
            sqlite3_bind_text64(handle, index, bound.address(bytes.start), UInt64(bytes.count), nil, UInt8(SQLITE_UTF8))
        // Likewise an empty blob is bound as a zero-length blob, not NULL.
        case .blob where bytes.count == 0: sqlite3_bind_zeroblob(handle, index, 0)
        case .blob:
            sqlite3_bind_blob64(handle, index, UnsafeRawPointer(bound.address(bytes.start)), UInt64(bytes.count), nil)
        }
    }

    private func column(_ index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            let bytes = UnsafeRawPointer(sqlite3_column_text(handle, index))
            let count = Int(sqlite3_column_bytes(handle, index))
            return .text(String(decoding: UnsafeBufferPointer(start: bytes?.assumingMemoryBound(to: UInt8.self), count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            return .blob(count == 0 ? Data() : Data(bytes: sqlite3_column_blob(handle, index), count: count))
        default: return .null
        }
    }
}

@available(*, unavailable, message: "a Statement belongs to its connection's thread")
extension Statement: Sendable {}
