import CPostgres
import Foundation
import Primitives

/// One connection to a PostgreSQL server, used from one thread at a time.
///
/// Every round trip waits at most `timeout` for the server; one that waits longer closes the connection
/// (`timeout`), since its state is then unknown. A lost connection stays lost: open a new one.
/// Statements are prepared once per connection and reused.
public final class PostgresConnection {
    let handle: OpaquePointer
    /// The server and database, as given (its `description` is redacted).
    public let url: PostgresURL
    /// The longest wait for the server in any one call.
    public let timeout: Duration
    /// Prepared statement names by SQL.
    var prepared: [String: String] = [:]
    /// Set once the connection is lost or timed out; every later call fails at once.
    private(set) var lost: PostgresError?
    /// Past this many prepared statements, new SQL runs unprepared, so dynamic SQL cannot grow the server's memory.
    static let preparedLimit = 256

    /// Connects (waiting at most `timeout`), then applies each session `setting` with `set_config`.
    ///
    /// A server that cannot be reached, refuses the credentials or names no such database throws
    /// `connection` with libpq's reason on one line, never the password.
    public init(url: PostgresURL, applicationName: String = "interlude", timeout: Duration = .seconds(10), settings: [(String, String)] = [])
        throws(PostgresError)
    {
        let milliseconds = timeout.wholeMilliseconds
        // Defaults first: the URL (expanded from dbname) overrides any of them it names.
        let parameters = [
            ("connect_timeout", String(max(2, (milliseconds + 999) / 1000))), ("application_name", applicationName),
            ("keepalives", "1"), ("keepalives_idle", "5"), ("keepalives_interval", "2"), ("keepalives_count", "3"),
            ("tcp_user_timeout", String(milliseconds)), ("dbname", url.text),
        ]
        // Both lists end with NULL, as libpq expects.
        let opened = withCStrings(parameters.map(\.0) + [nil]) { keywords in
            withCStrings(parameters.map(\.1) + [nil]) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let opened else { throw PostgresError(.connection, "\(url): libpq could not allocate a connection") }
        guard PQstatus(opened) == CONNECTION_OK, PQsetnonblocking(opened, 1) == 0 else {
            let reason = PostgresError.connection(opened, "could not connect").message
            PQfinish(opened)
            throw PostgresError(.connection, "\(url): \(PostgresURL.scrub(reason, of: url.text))")
        }
        // Notices (such as "relation already exists, skipping") would otherwise go to stderr.
        PQsetNoticeProcessor(opened, { _, _ in }, nil)
        handle = opened
        self.url = url
        self.timeout = timeout
        for (name, value) in settings { _ = try query("SELECT set_config($1, $2, false)", [.text(name), .text(value)]) }
    }

    deinit { PQfinish(handle) }

    /// Whether the connection can still be used.
    public var isOpen: Bool { lost == nil && PQstatus(handle) == CONNECTION_OK }

    /// A setting the server reported at connection time, such as `server_version`.
    public func parameter(_ name: String) -> String? { PQparameterStatus(handle, name).map { String(cString: $0) } }

    /// Runs one or more statements without parameters (simple protocol) as one implicit transaction.
    public func execute(_ sql: String) throws(PostgresError) {
        try usable()
        guard PQsendQuery(handle, sql) == 1 else { throw broken(sql: sql) }
        var failure: PostgresError?
        try exchange(sql: sql) { () throws(PostgresError) -> Bool in
            guard let result = PQgetResult(handle) else { return true }
            defer { PQclear(result) }
            let status = PQresultStatus(result)
            if status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK, failure == nil { failure = .from(result: result, sql: sql) }
            return false
        }
        if let failure { throw failure }
    }

    /// Runs one statement with `values` bound to `$1`, `$2`, … and returns its rows.
    public func query(_ sql: String, _ values: [PostgresValue] = []) throws(PostgresError) -> [PostgresRow] {
        try pipeline([PostgresStatement(sql, values)])[0].rows
    }

    /// Runs one statement with `values` bound to `$1`, `$2`, … and returns how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [PostgresValue] = []) throws(PostgresError) -> Int {
        try pipeline([PostgresStatement(sql, values)])[0].affected
    }

    func usable() throws(PostgresError) {
        if let lost { throw lost }
    }

    /// Marks the connection lost with libpq's reason, or with `error` when given, and returns the error.
    func broken(sql: String?, _ error: PostgresError? = nil) -> PostgresError {
        let failure = error ?? PostgresError(.connection, PostgresError.connection(handle, "the connection was lost").message, sql: sql)
        lost = failure
        return failure
    }
}

@available(*, unavailable, message: "a PostgreSQL connection belongs to one thread")
extension PostgresConnection: Sendable {}

/// Calls `body` with C copies of `strings` (NULL for nil) that live until it returns.
func withCStrings<R>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) throws -> R) rethrows -> R {
    let copies = strings.map { $0.map { strdup($0) } ?? nil }
    defer { for copy in copies { free(copy) } }
    return try body(copies.map { $0.map { UnsafePointer($0) } })
}
