import PostgreSQL
import Testing

@Suite struct PostgresURLTests {
    @Test(arguments: [
        ("postgresql://ana:s3cret@db.example:5433/jobs", "postgresql://ana:***@db.example:5433/jobs"),
        ("postgres://ana:s3cret@db.example/jobs?sslmode=require", "postgres://ana:***@db.example/jobs?sslmode=require"),
        ("postgresql://ana@db.example/jobs?password=s3cret&sslmode=require", "postgresql://ana@db.example/jobs?password=***&sslmode=require"),
        ("postgresql://db.example/jobs", "postgresql://db.example/jobs"),
    ])
    func theDescriptionNeverShowsThePassword(_ given: String, _ shown: String) throws {
        let url = try PostgresURL(given)
        #expect(url.description == shown)
        #expect("\(url)".contains("s3cret") == false)
    }

    @Test func theHostPortAndDatabaseAreRead() throws {
        let url = try PostgresURL("postgresql://ana:pw@db.example:5433/jobs")
        #expect(url.host == "db.example")
        #expect(url.port == "5433")
        #expect(url.database == "jobs")
    }

    @Test func aURLOfAnotherSchemeIsRefused() {
        #expect(!PostgresURL.isPostgres("mysql://ana:pw@db/jobs"))
        #expect(throws: PostgresError.self) { try PostgresURL("mysql://ana:pw@db/jobs") }
    }

    @Test(arguments: [
        "postgresql://ana:bad%zzsecret@db.example/jobs",
        "postgresql://ana:topsecret@[::1/jobs",
        "postgresql://ana@db.example/jobs?password=topsecret&nosuchoption=1",
    ])
    func aURLLibpqCannotReadFailsWithoutItsPassword(_ given: String) {
        #expect {
            try PostgresURL(given)
        } throws: { error in
            let text = "\(error)"
            return (error as? PostgresError)?.kind == .misuse && !text.contains("secret") && text.contains("not a valid PostgreSQL URL")
        }
    }
}
