import Client
import Foundation
import JSON
import PostgreSQL
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// Two brokers on one PostgreSQL journal (docs/scaling.md): one active, one standing by; everyone
    /// else is given both brokers' endpoints and follows the active one.
    @Suite("Failover", .enabled(if: PrivatePostgres.isAvailable, Comment(rawValue: PrivatePostgres.unavailable)))
    struct Failover {
        /// Both brokers' endpoints, as the other processes are given them.
        struct Pair {
            let first: ProcessHandle
            let second: ProcessHandle
            let firstClients: String
            let secondClients: String
        }

        /// Starts two brokers on `database` (the first active), then points the sandbox's later processes at both.
        func startPair(_ sandbox: Sandbox) async throws -> Pair {
            let logged = ["INTERLUDE_LOG_LEVEL": "debug"]
            let first = try await sandbox.startBroker(name: "broker-a", environment: logged)
            try await active(first, sandbox)
            let a = (sandbox.clients, sandbox.workers, sandbox.events)
            let any = ["INTERLUDE_CLIENTS": "tcp://127.0.0.1:*", "INTERLUDE_WORKERS": "tcp://127.0.0.1:*", "INTERLUDE_EVENTS": "tcp://127.0.0.1:*"]
            let second = try await sandbox.startBroker(name: "broker-b", environment: logged.merging(any) { _, new in new })
            let b = (sandbox.clients, sandbox.workers, sandbox.events)
            _ = try await sandbox.eventually("broker-b to stand by") { second.stderr.contains("standing by") ? true : nil }
            sandbox.record("clients", "\(a.0),\(b.0)")
            sandbox.record("workers", "\(a.1),\(b.1)")
            sandbox.record("events", "\(a.2),\(b.2)")
            return Pair(first: first, second: second, firstClients: a.0, secondClients: b.0)
        }

        /// Waits (bounded) until `broker` says it took the lease; returns how long that took.
        @discardableResult
        func active(_ broker: ProcessHandle, _ sandbox: Sandbox, timeout: Duration = .seconds(15)) async throws -> Duration {
            let start = ContinuousClock.now
            _ = try await sandbox.eventually("\(broker.name) to take the lease", timeout: timeout) { () throws -> Bool? in
                if let ended = broker.termination { throw EndToEndFailure("\(broker.name) ended (\(ended)):\n\(broker.tail())") }
                return broker.stderr.contains("active: took the lease") ? true : nil
            }
            return start.duration(to: .now)
        }

        /// Waits (at most 30 s) until `job` ends; a timeout also says what the job went through.
        func finished(_ job: String, _ sandbox: Sandbox, watching processes: [ProcessHandle]) async throws -> Job {
            do {
                return try await sandbox.waitForEnd(of: job, timeout: .seconds(30))
            } catch {
                let timeline = (try? await sandbox.cli("status", job))?.output ?? "unavailable"
                throw await explained(error, sandbox, watching: processes, "--- job \(job):\n\(timeline)")
            }
        }

        /// `error`, with `more`, what the active broker counts, and the last lines `processes` logged.
        func explained(_ error: any Error, _ sandbox: Sandbox, watching processes: [ProcessHandle], _ more: String) async -> EndToEndFailure {
            let view = (try? await sandbox.cli("status"))?.output ?? "unavailable"
            let logs = processes.map { $0.tail(lines: 80) }.joined(separator: "\n")
            return EndToEndFailure("\(error)\n\(more)\n--- the active broker:\n\(view)\n--- logs:\n\(logs)")
        }

        @Test(
            "SIGKILL of the active broker: the standby takes over, pending questions stay answerable from the CLI and HTTP, every acknowledged job finishes once, a retried submit makes one job"
        )
        func theStandbyTakesOverAfterAKill() async throws {
            let database = try await PrivatePostgres.schema()
            let sandbox = try Sandbox("failover-kill")
            defer { sandbox.shutdown() }
            sandbox.common["INTERLUDE_JOURNAL"] = database.url.text
            let pair = try await startPair(sandbox)
            let worker = try await sandbox.startWorker("w1", environment: ["INTERLUDE_LOG_LEVEL": "debug"])
            try await sandbox.startGateway()

            let byCLI = try await sandbox.submit("removeDownload", blueInGreen)
            let byHTTP = try await sandbox.submit("removeDownload", soWhat)
            let questions = [try await sandbox.question(of: byCLI), try await sandbox.question(of: byHTTP)]
            let keyed = try await sandbox.cli("submit", "noop", "--idempotency-key", "failover-key")
            #expect(keyed.status == 0, "\(keyed)")

            // A client of both brokers submits steadily across the switch; each acknowledged job must run once.
            let connection = try BrokerConnection(.init(clients: sandbox.clients, requestTimeout: .seconds(20)))
            defer { connection.close() }
            let submitter = Task { () async throws -> [String] in
                var acknowledged: [String] = []
                for _ in 0..<24 {
                    acknowledged.append(try await connection.client.submit("noop", input: .object([:])).id)
                    try await Task.sleep(for: .milliseconds(150))
                }
                return acknowledged
            }
            try await Task.sleep(for: .milliseconds(600))
            #expect(pair.first.kill()?.signalled == true)
            let takeover = try await active(pair.second, sandbox)
            let acknowledged: [String]
            do {
                acknowledged = try await submitter.value
            } catch {
                throw await explained(error, sandbox, watching: [pair.first, pair.second, worker], "--- the submitting client: \(connection.health)")
            }
            #expect(Set(acknowledged).count == 24, "every submit was acknowledged once (took over in \(takeover))")

            #expect(Set(try await sandbox.pending().map(\.id)) == Set(questions.map(\.id)), "the questions are still pending")
            let again = try await sandbox.cli("submit", "noop", "--idempotency-key", "failover-key")
            #expect(again.status == 0 && again.stdout == keyed.stdout, "a submit retried across the switch makes one job: \(again)")

            let answered = try await sandbox.cli("answer", questions[0].id, "remove")
            #expect(answered.status == 0, "\(answered)")
            let overHTTP = try await sandbox.api().post("/v1/presentations/\(questions[1].id)/answer", #"{"action": "remove"}"#)
            #expect(overHTTP.status == 200, "\(overHTTP)")
            for job in [byCLI, byHTTP] + acknowledged {
                let done = try await finished(job, sandbox, watching: [pair.second, worker])
                #expect(done.state == .succeeded, "\(done)")
            }

            let journal = try PostgresConnection(url: database.url)
            let noops = try journal.query("SELECT count(*) AS n FROM jobs WHERE operation = 'noop'").first?.int("n")
            #expect(noops == Int64(acknowledged.count + 1), "no submit made a second job")
            let finished = try journal.query(
                "SELECT job, count(*) AS n FROM events WHERE type = 'job.succeeded' GROUP BY job HAVING count(*) > 1")
            #expect(finished.isEmpty, "no job finished twice: \(finished.map { $0.string("job") ?? "" })")
            let holder = try journal.query("SELECT holder FROM broker_lease").first?.string("holder") ?? ""
            #expect(holder.hasSuffix(pair.secondClients), "the second broker holds the lease: \(holder)")
        }

        @Test("A zombie primary (SIGSTOP past its lease, then SIGCONT) learns it lost the lease and writes nothing")
        func aPausedBrokerWritesNothingAfterTheStandbyTookOver() async throws {
            let database = try await PrivatePostgres.schema()
            let sandbox = try Sandbox("failover-zombie")
            defer { sandbox.shutdown() }
            sandbox.common["INTERLUDE_JOURNAL"] = database.url.text
            let pair = try await startPair(sandbox)
            try await sandbox.startWorker("w1")
            let before = try await sandbox.submit("noop", "{}")
            _ = try await sandbox.waitForEnd(of: before)

            pair.first.suspend()
            try await active(pair.second, sandbox)
            // A request waits in the paused broker's socket: the first thing it would do on waking is take it.
            let direct = try BrokerConnection(.init(clients: pair.firstClients, requestTimeout: .seconds(6)))
            defer { direct.close() }
            let zombieSubmit = Task { await direct.client.request(.submit(.init(operation: "noop", input: .object([:]), idempotencyKey: "zombie-key"))) }
            try await Task.sleep(for: .milliseconds(300))
            kill(pair.first.pid, SIGCONT)
            let reply = await zombieSubmit.value
            guard case .error = reply else {
                Issue.record("the old broker acted on a submit after losing its lease: \(reply)")
                return
            }
            // It answered `notActive`, which a client of one broker asks again until its timeout.
            #expect(direct.health.lastProblem?.contains("standing by") == true, "\(direct.health) \(reply)")
            _ = try await sandbox.eventually("broker-a to say it lost the lease") { pair.first.stderr.contains("stopped serving") ? true : nil }
            #expect(pair.first.termination == nil, "it stands by instead")

            let journal = try PostgresConnection(url: database.url)
            #expect(try journal.query("SELECT id FROM jobs WHERE idempotency_key = 'zombie-key'").isEmpty, "nothing of it was written")
            // The new active broker serves everyone else.
            let after = try await sandbox.submit("noop", "{}")
            #expect(try await sandbox.waitForEnd(of: after, timeout: .seconds(20)).state == .succeeded)
        }
    }
}
