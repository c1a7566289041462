import Client
import Foundation
import PostgreSQL
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd.Failover {
    @Test(
        "SIGSTOP of the active broker while a worker's job waits on its question: the worker passes over the stopped broker it left, and the job, answered on the standby, finishes within two seconds of the takeover"
    )
    func aWorkerOnAFrozenBrokerResumesItsJobOnTheStandby() async throws {
        let database = try await PrivatePostgres.schema()
        let sandbox = try Sandbox("failover-frozen-worker")
        defer { sandbox.shutdown() }
        sandbox.common["INTERLUDE_JOURNAL"] = database.url.text
        // The shipped timings: a 3 s lease and liveness window.
        sandbox.common.merge(["INTERLUDE_HEARTBEAT_MS": "1000", "INTERLUDE_LIVENESS": "3"]) { _, new in new }
        let pair = try await startPair(sandbox)
        let worker = try await sandbox.startWorker("w1", environment: ["INTERLUDE_LOG_LEVEL": "debug"])
        let job = try await sandbox.submit("removeDownload", blueInGreen)
        let question = try await sandbox.question(of: job)
        // Made before the stop, this client follows to the standby (a new CLI process would first wait out the
        // stopped broker's handshake).
        let connection = try BrokerConnection(.init(clients: sandbox.clients, requestTimeout: .seconds(20)))
        defer { connection.close() }
        _ = try await connection.client.status(job)

        pair.first.suspend()
        let stopped = ContinuousClock.now
        // The stopped broker's lease ends 4 s after the stop, as if renewed just before it with a 4 s lease: the
        // worker, whose silence window is 3 s, has always left it (and been turned away by the standby) before
        // the standby may take over, and is still passing it over when the standby does.
        let journal = try PostgresConnection(url: database.url)
        _ = try journal.run("UPDATE broker_lease SET expires_at = clock_timestamp() + interval '4 seconds' WHERE id = 1")
        let takeover = try await active(pair.second, sandbox)
        _ = try await connection.client.answer(question.id, action: "remove", by: "ana", channel: "test")
        let done: Job
        do {
            done = try await connection.client.waitForEnd(of: job, timeout: .seconds(20))
        } catch {
            throw await explained(error, sandbox, watching: [pair.second, worker], "--- took over after \(takeover)")
        }
        let finished = stopped.duration(to: .now)
        let logs = "--- took over \(takeover) after the stop, the job finished \(finished) after it\n\(worker.tail(lines: 30))"
        #expect(done.state == .succeeded, "\(done)\n\(logs)")
        #expect(finished < takeover + .seconds(2), "the worker was on the standby soon after it took over\n\(logs)")
        let first = sandbox.workers.split(separator: ",").first.map(String.init) ?? ""
        #expect(
            !(worker.stdout + worker.stderr).contains("the broker at \(first) did not finish the handshake"),
            "it never went back to the stopped broker\n\(logs)")
    }
}
