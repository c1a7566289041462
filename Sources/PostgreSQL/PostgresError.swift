import CPostgres
import Foundation

/// A failed PostgreSQL call: what kind of failure, the server's SQLSTATE when it sent one, one line of
/// explanation and the SQL that was running. No password ever appears in it.
public struct PostgresError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the failure happened.
    public enum Kind: String, Sendable, Hashable {
        /// The connection could not be made, or was lost.
        case connection
        /// The server refused a statement (see `sqlState`).
        case server
        /// The server did not answer within the connection's timeout; the connection is closed.
        case timeout
        /// This wrapper was used in a way it does not support.
        case misuse
    }

    /// Where the failure happened.
    public var kind: Kind
    /// The server's five-character SQLSTATE, such as `23505` (unique violation), when it sent one.
    public var sqlState: String?
    /// One line for a person.
    public var message: String
    /// The statement that failed, when there was one.
    public var sql: String?

    /// Creates an error; `message` is folded onto one line.
    public init(_ kind: Kind, _ message: String, sqlState: String? = nil, sql: String? = nil) {
        self.kind = kind
        self.message = Self.oneLine(message)
        self.sqlState = sqlState
        self.sql = sql
    }

    /// Whether the connection is gone (or unusable), so a new one is needed.
    public var isConnectionLost: Bool {
        kind == .connection || kind == .timeout || sqlState?.hasPrefix("08") == true
            || ["57P01", "57P02", "57P03"].contains(sqlState ?? "")
    }

    /// Whether the server refuses writes: a read-only transaction or a hot standby (`25006`).
    public var isReadOnly: Bool { sqlState == "25006" }

    /// Whether the server's disk is full (`53100`).
    public var isDiskFull: Bool { sqlState == "53100" }

    /// Whether a UNIQUE or PRIMARY KEY constraint was violated (`23505`).
    public var isUniqueViolation: Bool { sqlState == "23505" }

    /// `PostgreSQL error 23505: duplicate key value … in: INSERT …`.
    public var description: String {
        let code = sqlState.map { " \($0)" } ?? ""
        let statement = sql.map { " in: \(Self.oneLine($0))" } ?? ""
        switch kind {
        case .server: return "PostgreSQL error\(code): \(message)\(statement)"
        case .connection: return "PostgreSQL connection failed: \(message)"
        case .timeout: return "PostgreSQL did not answer: \(message)\(statement)"
        case .misuse: return "PostgreSQL misuse: \(message)\(statement)"
        }
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The error a failed result carries.
    static func from(result: OpaquePointer, sql: String?) -> PostgresError {
        let field = { (code: Character) -> String? in
            PQresultErrorField(result, Int32(code.asciiValue ?? 0)).map { String(cString: $0) }
        }
        let message = field("M") ?? String(cString: PQresultErrorMessage(result))
        let detail = field("D").map { " (\($0))" } ?? ""
        return PostgresError(.server, message + detail, sqlState: field("C"), sql: sql)
    }

    /// The connection's last error (`PQerrorMessage`), as a connection failure.
    static func connection(_ handle: OpaquePointer?, _ fallback: String) -> PostgresError {
        let text = handle.flatMap { PQerrorMessage($0) }.map { String(cString: $0) } ?? ""
        return PostgresError(.connection, text.isEmpty ? fallback : text)
    }
}
