import Foundation
import PostgreSQL
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// `interlude broker` with `INTERLUDE_JOURNAL=postgresql://…`: the same guarantees as on SQLite.
    @Suite("PostgreSQL journal", .enabled(if: PrivatePostgres.isAvailable, Comment(rawValue: PrivatePostgres.unavailable)))
    struct PostgresJournal {
        @Test("A broker on PostgreSQL runs a job, and restarted after SIGKILL still has the pending question")
        func aBrokerOnPostgresKeepsItsStateAcrossAKill() async throws {
            let database = try await PrivatePostgres.schema()
            let sandbox = try Sandbox("postgres-journal")
            defer { sandbox.shutdown() }
            sandbox.common["INTERLUDE_JOURNAL"] = database.url.text
            let broker = try await sandbox.startBroker()
            try await sandbox.startWorker("w1")

            let waiting = try await sandbox.submit("removeDownload", blueInGreen)
            let question = try await sandbox.question(of: waiting)
            #expect(broker.kill()?.signalled == true)
            let restarted = try await sandbox.startBroker(name: "broker-restarted")
            #expect(!restarted.stdout.contains(database.url.text), "the banner shows the URL without its password")
            #expect(try await sandbox.pending().map(\.id) == [question.id])

            let answer = try await sandbox.cli("answer", question.id, "remove")
            #expect(answer.status == 0, "\(answer)")
            let done = try await sandbox.waitForEnd(of: waiting, timeout: .seconds(20))
            #expect(done.state == .succeeded, "\(done)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.data.appendingPathComponent("journal.sqlite").path), "no SQLite journal was made")
            let jobs = try PostgresConnection(url: database.url).query("SELECT state FROM jobs WHERE id = $1", [.text(waiting)])
            #expect(jobs.first?.string("state") == "succeeded", "the job is in PostgreSQL")
        }

        @Test("A bad URL, a server that cannot be reached and a wrong password stop the broker at start with one line, never the password")
        func badJournalSettingsFailAtStart() async throws {
            let server = try await PrivatePostgres.url()
            let sandbox = try Sandbox("postgres-journal-bad", demoLibrary: false)
            defer { sandbox.shutdown() }
            let settings = [
                "postgresql://postgres:s3cret-pw@[::1/postgres",
                "postgresql://postgres:s3cret-pw@127.0.0.1:1/postgres",
                "postgresql://postgres:s3cret-pw@\(server.host):\(server.port)/postgres",
            ]
            for setting in settings {
                let result = try await sandbox.cli(["broker"], environment: ["INTERLUDE_JOURNAL": setting], timeout: .seconds(30))
                #expect(result.status != 0, "\(result)")
                #expect(!result.output.contains("s3cret-pw"), "\(result)")
                let lines = result.stderr.split(separator: "\n")
                #expect(lines.count == 1, "one line: \(result)")
                #expect(result.stderr.contains("postgres:***@"), "\(result)")
            }
        }
    }
}
