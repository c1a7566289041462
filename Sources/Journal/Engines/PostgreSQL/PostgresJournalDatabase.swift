import Foundation
import PostgreSQL
import Primitives
import SQLite

/// The journal's database on PostgreSQL: the journal's statements with their `?` placeholders
/// numbered, SQLite's values sent as parameters and rows read back as SQLite rows.
///
/// A transaction's writes are collected and sent in one pipeline when it ends: one round trip and one
/// commit per broker turn, like SQLite's one fsync. While the broker holds the lease, every pipeline
/// starts with the fence (`interlude_fence`), so a broker that lost the lease writes nothing.
/// A lost connection is opened again on the next call; the call that found it lost fails.
final class PostgresJournalDatabase: JournalDatabase {
    let url: PostgresURL
    private let timeout: Duration
    /// How long the server lets this session sit in an open transaction: `timeout`, and no longer than
    /// the lease once this broker holds one (`limitIdleTransactions(to:)`).
    private var idleLimit: Duration
    private var connection: PostgresConnection
    /// Writes of the open transaction, sent when it ends; nil outside a transaction.
    private var batch: [PostgresStatement]?
    /// The lease every write must still hold, and how long each write extends it.
    var fence: (epoch: Int64, ttl: Duration)?
    private var numbered: [String: String] = [:]

    /// Connects to `url`; a server that cannot be reached or refuses the credentials throws at once.
    init(url: PostgresURL, timeout: Duration) throws {
        self.url = url
        self.timeout = timeout
        idleLimit = timeout
        connection = try Self.connect(url, timeout: timeout, idle: timeout)
    }

    private static func connect(_ url: PostgresURL, timeout: Duration, idle: Duration) throws -> PostgresConnection {
        // A transaction left open by a broker that stopped mid-send must not hold the lease row for long.
        return try PostgresConnection(
            url: url, applicationName: "interlude-broker", timeout: timeout,
            settings: [("idle_in_transaction_session_timeout", String(idle.wholeMilliseconds)), ("lock_timeout", String(timeout.wholeMilliseconds))])
    }

    /// The connection, opened again when the last one was lost.
    func open() throws -> PostgresConnection {
        if !connection.isOpen { connection = try Self.connect(url, timeout: timeout, idle: idleLimit) }
        return connection
    }

    /// Has the server end this session's transactions left open longer than `limit` (a lease's length):
    /// a broker stopped halfway through sending a turn's transaction, which holds the lease row locked,
    /// then frees the row about when its lease runs out, so a standby takes over then and not only after
    /// `timeout`. Best effort: should the setting fail, the connection is broken and its next one gets it.
    func limitIdleTransactions(to limit: Duration) {
        idleLimit = min(timeout, limit)
        _ = try? open().query("SELECT set_config('idle_in_transaction_session_timeout', $1, false)", [.text(String(idleLimit.wholeMilliseconds))])
    }

    func query(_ sql: String, _ values: [SQLValue]) throws -> [Row] {
        guard batch == nil else { throw PostgresError(.misuse, "the journal reads nothing inside a write transaction", sql: sql) }
        return try open().query(number(sql), try values.map(Self.parameter)).map(Self.row)
    }

    /// The server sends the whole result at once; the rows are handed over from it.
    func eachRow(_ sql: String, _ values: [SQLValue], _ body: (any Columns) throws -> Void) throws {
        for row in try query(sql, values) { try body(row) }
    }

    func run(_ sql: String, _ values: [SQLValue]) throws {
        let statement = PostgresStatement(number(sql), try values.map(Self.parameter))
        if batch != nil {
            batch?.append(statement)
        } else {
            try write([statement])
        }
    }

    func transaction<T>(_ body: () throws -> T) throws -> T {
        // Nested: the writes join the enclosing batch.
        if batch != nil { return try body() }
        batch = []
        defer { batch = nil }
        let value = try body()
        guard let writes = batch, !writes.isEmpty else { return value }
        try write(writes)
        return value
    }

    /// Sends `writes` in one pipeline, behind the fence while a lease is held.
    func write(_ writes: [PostgresStatement]) throws {
        let fenced = fence.map { [Self.fenceStatement(epoch: $0.epoch, ttl: $0.ttl)] } ?? []
        do {
            _ = try open().pipeline(fenced + writes)
        } catch let error as PostgresError where error.sqlState == LeaseLost.sqlState {
            fence = nil
            throw LeaseLost(error.message)
        }
    }

    static func fenceStatement(epoch: Int64, ttl: Duration) -> PostgresStatement {
        PostgresStatement("SELECT interlude_fence($1, $2)", [.integer(epoch), .integer(ttl.wholeMilliseconds)])
    }

    /// `sql` with each `?` outside a quoted string replaced by `$1`, `$2`, … in order.
    func number(_ sql: String) -> String {
        if let known = numbered[sql] { return known }
        var result = ""
        var count = 0
        var quoted = false
        for character in sql {
            if character == "'" { quoted.toggle() }
            if character == "?", !quoted {
                count += 1
                result += "$\(count)"
            } else {
                result.append(character)
            }
        }
        if numbered.count < 512 { numbered[sql] = result }
        return result
    }

    static func parameter(_ value: SQLValue) throws -> PostgresValue {
        switch value {
        case .null: return .null
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        case .text(let text): return .text(text)
        case .blob: throw PostgresError(.misuse, "the journal stores no blobs")
        }
    }

    static func row(_ row: PostgresRow) -> Row {
        Row(
            columns: row.columns,
            values: zip(row.kinds, row.values).map { kind, text in
                guard let text else { return .null }
                switch kind {
                case .integer: return Int64(text).map(SQLValue.integer) ?? .text(text)
                case .real: return Double(text).map(SQLValue.real) ?? .text(text)
                case .boolean: return .integer(text == "t" ? 1 : 0)
                case .text: return .text(text)
                }
            })
    }
}

/// This broker's lease on a shared journal was taken by another broker: nothing of the write that
/// found out was written, and nothing more may be.
public struct LeaseLost: Error, Sendable, Hashable, CustomStringConvertible {
    /// The SQLSTATE `interlude_fence` raises.
    static let sqlState = "IL001"
    /// What the database said.
    public let description: String
    init(_ description: String) { self.description = description }
}
