import Foundation
public import PostgreSQL
import Synchronization

/// A private PostgreSQL 15 for the tests of one test process: started on first use by
/// `scripts/postgres-private` (initdb as the `postgres` user into a temporary folder, a free loopback
/// port, fsync on), stopped and removed when the process exits. Each test takes a schema of its own
/// (its URL names it in `search_path`): made in milliseconds, where a database takes a copy of the template.
///
/// `INTERLUDE_TEST_POSTGRES_URL` points the tests at a server started elsewhere instead.
public enum PrivatePostgres {
    /// Where the server binaries are expected (Debian's `postgresql-15`).
    static let binaries = ProcessInfo.processInfo.environment["POSTGRES_BIN"] ?? "/usr/lib/postgresql/15/bin"

    /// Whether tests can have a server: one is named by the environment, or the binaries are installed.
    public static var isAvailable: Bool {
        ProcessInfo.processInfo.environment["INTERLUDE_TEST_POSTGRES_URL"] != nil
            || FileManager.default.isExecutableFile(atPath: binaries + "/initdb")
    }

    /// Why tests that need PostgreSQL are skipped, when `isAvailable` is false.
    public static let unavailable = "PostgreSQL 15 is not installed: `make test` installs postgresql-15 (scripts/install-deps.sh)"

    private static let server = Mutex<Task<PostgresURL, any Error>?>(nil)

    /// The server's URL (its `postgres` database), starting the server on first use.
    public static func url() async throws -> PostgresURL {
        let task = server.withLock { task in
            if let task { return task }
            let started = Task { try await start() }
            task = started
            return started
        }
        return try await task.value
    }

    /// A new, empty schema on the private server, dropped when the returned value goes away; its URL
    /// puts it first in `search_path`, so everything made through the URL goes in it.
    public static func schema() async throws -> TestSchema {
        let server = try await url()
        let name = "test_" + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
        try PostgresConnection(url: server).execute("CREATE SCHEMA \(name)")
        return TestSchema(name: name, url: try PostgresURL(server.text + "?options=-c%20search_path%3D\(name)"), server: server)
    }

    private static func start() async throws -> PostgresURL {
        if let given = ProcessInfo.processInfo.environment["INTERLUDE_TEST_POSTGRES_URL"] { return try PostgresURL(given) }
        guard isAvailable else { throw FixtureError(unavailable) }
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("interlude-postgres-tests", isDirectory: true)
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        // The postgres user must be able to reach its cluster's folder.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: parent.path)
        await removeAbandoned(in: parent)
        let pid = ProcessInfo.processInfo.processIdentifier
        let folder = parent.appendingPathComponent("\(pid)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        // Owned before it exists, so a test process that dies while starting it still gets it removed.
        try String(pid).write(to: parent.appendingPathComponent(folder.lastPathComponent + ".owner"), atomically: true, encoding: .utf8)
        started.withLock { $0 = folder.path }
        atexit { PrivatePostgres.stopAtExit() }
        return try PostgresURL(try await script("start", folder.path).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static let started = Mutex<String?>(nil)

    private static func stopAtExit() {
        guard let folder = started.withLock({ $0 }) else { return }
        _ = try? ChildCommand.runBlocking("/bin/bash", [scriptPath, "stop", folder])
        try? FileManager.default.removeItem(atPath: folder + ".owner")
    }

    /// Stops and removes clusters left by test processes that died before they could (their owner is gone).
    private static func removeAbandoned(in parent: URL) async {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where name.hasSuffix(".owner") {
            let owner = parent.appendingPathComponent(name)
            guard let text = try? String(contentsOf: owner, encoding: .utf8), let pid = Int32(text), kill(pid, 0) != 0, errno == ESRCH else { continue }
            _ = try? await script("stop", String(owner.path.dropLast(".owner".count)))
            try? FileManager.default.removeItem(at: owner)
        }
    }

    /// Runs `scripts/postgres-private` and returns what it printed (its URL, for `start`); the script
    /// bounds its own waits (`pg_ctl -t`), and this one bounds the whole.
    private static func script(_ command: String, _ folder: String) async throws -> String {
        let (status, output) = try await ChildCommand.run("/bin/bash", [scriptPath, command, folder], timeout: .seconds(180))
        guard status == 0 else { throw FixtureError("scripts/postgres-private \(command) failed: \(output)") }
        return output.split(separator: "\n").last.map(String.init) ?? ""
    }

    private static let scriptPath = repository.appendingPathComponent("scripts/postgres-private").path

    /// The repository's root, from this file's place in it.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// One test's schema on the private server; dropped (with everything in it) when released.
public final class TestSchema: Sendable {
    /// The schema's name.
    public let name: String
    /// A URL with the server's credentials that puts the schema first in `search_path`.
    public let url: PostgresURL
    private let server: PostgresURL

    init(name: String, url: PostgresURL, server: PostgresURL) {
        self.name = name
        self.url = url
        self.server = server
    }

    deinit {
        // Bounded: a broker process of the test that still holds a lock does not hold the test up.
        try? PostgresConnection(url: server, settings: [("lock_timeout", "2s")]).execute("DROP SCHEMA IF EXISTS \(name) CASCADE")
    }
}

/// Why the private server could not be had.
public struct FixtureError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
