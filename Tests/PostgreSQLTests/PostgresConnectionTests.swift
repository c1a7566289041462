import PostgreSQL
import TestSupport
import Testing

@Suite(.enabled(if: PrivatePostgres.isAvailable, Comment(rawValue: PrivatePostgres.unavailable)))
struct PostgresConnectionTests {
    @Test func valuesOfEveryKindComeBackAsSent() async throws {
        let database = try await PrivatePostgres.schema()
        let connection = try PostgresConnection(url: database.url)
        let rows = try connection.query(
            "SELECT $1::bigint AS n, $2::float8 AS x, $3::boolean AS b, $4::text AS t, $5::text AS missing",
            [.integer(-9_007_199_254_740_993), .real(0.25), .boolean(true), .text("día 🎉 'quoted'"), .null])
        let row = try #require(rows.first)
        #expect(row.int("n") == -9_007_199_254_740_993)
        #expect(row.double("x") == 0.25)
        #expect(row.bool("b") == true)
        #expect(row.string("t") == "día 🎉 'quoted'")
        #expect(row.string("missing") == nil)
        #expect(row.kinds == [.integer, .real, .boolean, .text, .text])
    }

    @Test func aPipelineTakesEffectWholeOrNotAtAll() async throws {
        let database = try await PrivatePostgres.schema()
        let connection = try PostgresConnection(url: database.url)
        try connection.execute("CREATE TABLE items (id bigint PRIMARY KEY, name text NOT NULL); CREATE TABLE other (x int)")
        let results = try connection.pipeline([
            PostgresStatement("INSERT INTO items (id, name) VALUES ($1, $2)", [.integer(1), .text("one")]),
            PostgresStatement("INSERT INTO items (id, name) VALUES ($1, $2)", [.integer(2), .text("two")]),
            PostgresStatement("SELECT count(*) AS n FROM items"),
        ])
        #expect(results.map(\.affected) == [1, 1, 1])
        #expect(results[2].rows.first?.int("n") == 2)
        #expect {
            try connection.pipeline([
                PostgresStatement("INSERT INTO items (id, name) VALUES ($1, $2)", [.integer(3), .text("three")]),
                PostgresStatement("INSERT INTO items (id, name) VALUES ($1, $2)", [.integer(1), .text("again")]),
                PostgresStatement("INSERT INTO items (id, name) VALUES ($1, $2)", [.integer(4), .text("four")]),
            ])
        } throws: { error in
            (error as? PostgresError)?.isUniqueViolation == true
        }
        let names = try connection.query("SELECT name FROM items ORDER BY id").compactMap { $0.string("name") }
        #expect(names == ["one", "two"], "the failed pipeline left nothing behind, and the connection still works")
    }

    @Test func aLargePipelineDoesNotDeadlock() async throws {
        let database = try await PrivatePostgres.schema()
        let url = database.url
        // Five thousand commits take seconds on a busy disk: on a thread of its own, not on one every async test shares.
        let (count, last, rows) = try await onThread { () throws -> (Int, Int64?, Int64?) in
            let connection = try PostgresConnection(url: url)
            try connection.execute("CREATE TABLE big (id bigint PRIMARY KEY, body text NOT NULL)")
            let body = String(repeating: "x", count: 2_000)
            let statements = (1...5_000).map {
                PostgresStatement("INSERT INTO big (id, body) VALUES ($1, $2) RETURNING id", [.integer(Int64($0)), .text(body)])
            }
            let results = try connection.pipeline(statements)
            return (results.count, results.last?.rows.first?.int("id"), try connection.query("SELECT count(*) AS n FROM big").first?.int("n"))
        }
        #expect(count == 5_000)
        #expect(last == 5_000)
        #expect(rows == 5_000)
    }

    @Test func aServerThatDoesNotAnswerInTimeClosesTheConnection() async throws {
        let database = try await PrivatePostgres.schema()
        let connection = try PostgresConnection(url: database.url, timeout: .milliseconds(300))
        #expect {
            try connection.query("SELECT pg_sleep(5)")
        } throws: { error in
            (error as? PostgresError)?.kind == .timeout
        }
        #expect(!connection.isOpen)
        #expect(throws: PostgresError.self, "a lost connection fails at once") { try connection.query("SELECT 1") }
    }

    @Test func wrongCredentialsFailWithTheServersReasonButNotThePassword() async throws {
        let server = try await PrivatePostgres.url()
        let wrong = try PostgresURL("postgresql://postgres:not-the-password@\(server.host):\(server.port)/postgres")
        #expect {
            try PostgresConnection(url: wrong)
        } throws: { error in
            let text = "\(error)"
            return (error as? PostgresError)?.kind == .connection && text.contains("password authentication failed")
                && !text.contains("not-the-password")
        }
    }

    @Test func anUnreachableServerFailsWithinTheTimeout() throws {
        let clock = ContinuousClock()
        let started = clock.now
        #expect(throws: PostgresError.self) {
            try PostgresConnection(url: try PostgresURL("postgresql://postgres:pw@127.0.0.1:1/postgres"), timeout: .seconds(2))
        }
        #expect(clock.now - started < .seconds(10))
    }

    @Test func textWithANulCharacterIsRefusedBeforeItIsSent() async throws {
        let database = try await PrivatePostgres.schema()
        let connection = try PostgresConnection(url: database.url)
        #expect {
            try connection.query("SELECT $1::text AS t", [.text("a\u{0}b")])
        } throws: { error in
            (error as? PostgresError)?.kind == .misuse
        }
        #expect(try connection.query("SELECT 1 AS one").first?.int("one") == 1)
    }

    @Test func sessionSettingsApplyToTheConnection() async throws {
        let database = try await PrivatePostgres.schema()
        let connection = try PostgresConnection(url: database.url, settings: [("lock_timeout", "1500ms")])
        #expect(try connection.query("SHOW lock_timeout").first?.string("lock_timeout") == "1500ms")
        #expect(connection.parameter("server_version")?.hasPrefix("15") == true)
    }
}
