import Foundation
import PostgreSQL
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd.Failover {
    /// One HTTP request through the gateway: its status, body and when it finished.
    struct Sent: Sendable {
        let what: String
        let reply: HTTPReply
        let after: Duration
    }

    @Test(
        "SIGSTOP of the active broker with answers and submits in flight through the gateway: each succeeds on the standby within the 5 s request timeout, one job per submit, each question resolved once"
    )
    func requestsThroughTheGatewayLeaveAFrozenBroker() async throws {
        let database = try await PrivatePostgres.schema()
        let sandbox = try Sandbox("failover-frozen")
        defer { sandbox.shutdown() }
        sandbox.common["INTERLUDE_JOURNAL"] = database.url.text
        // The shipped timings: a 3 s lease and liveness window, 5 s per request.
        sandbox.common.merge(["INTERLUDE_HEARTBEAT_MS": "1000", "INTERLUDE_LIVENESS": "3", "INTERLUDE_REQUEST_TIMEOUT_MS": "5000"]) { _, new in new }
        let pair = try await startPair(sandbox)
        try await sandbox.startWorker("w1")
        let gateway = try await sandbox.startGateway()
        let api = sandbox.api()

        // Two questions per track of the test library: one answered `remove`, the other `cancel`.
        var questions: [Presentation] = []
        for (track, title) in TestLibrary.tracks + TestLibrary.tracks {
            let submitted = try await api.post("/v1/operations", #"{"operation": "removeDownload", "input": {"trackID": "\#(track)", "title": "\#(title)"}}"#)
            guard submitted.status == 202 else { throw EndToEndFailure("submit: \(submitted)") }
            questions.append(try await sandbox.questionOverHTTP(try submitted.decode(Job.self).id))
        }

        // The gateway's connection to broker-a stays up while the process is stopped: what it sends now
        // waits in a socket nobody reads.
        pair.first.suspend()
        let stopped = ContinuousClock.now
        async let takeover = active(pair.second, sandbox)
        let sent = try await withThrowingTaskGroup(of: Sent.self) { group in
            for (index, question) in questions.enumerated() {
                group.addTask {
                    let reply = try await api.post("/v1/presentations/\(question.id)/answer", #"{"action": "\#(Self.action(index))"}"#)
                    return Sent(what: "answer \(question.id)", reply: reply, after: stopped.duration(to: .now))
                }
            }
            for index in 0..<4 {
                group.addTask {
                    let reply = try await api.post("/v1/operations", #"{"operation": "noop", "input": {"n": \#(index)}}"#)
                    return Sent(what: "submit \(index)", reply: reply, after: stopped.duration(to: .now))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let tookOver = try await takeover
        let report = sent.map { "\($0.what): \($0.reply.status) after \($0.after)" }.joined(separator: "\n")
        let health = (try? await api.get("/healthz"))?.description ?? "unavailable"
        let logs = "--- broker-b took over \(tookOver) after the stop\n\(report)\n\(health)\n\(gateway.tail(lines: 40))\n\(pair.second.tail(lines: 20))"
        for request in sent {
            #expect(request.reply.status == (request.what.hasPrefix("submit") ? 202 : 200), "\(request.what): \(request.reply)\n\(logs)")
        }

        let journal = try PostgresConnection(url: database.url)
        let submitted = Set(sent.filter { $0.what.hasPrefix("submit") }.compactMap { try? $0.reply.decode(Job.self).id })
        let noops = try journal.query("SELECT id FROM jobs WHERE operation = 'noop'").compactMap { $0.string("id") }
        #expect(submitted.count == 4 && Set(noops) == submitted, "one job per submit: \(noops) for \(submitted)")
        let resolved = try journal.query("SELECT job, count(*) AS n FROM events WHERE type = 'presentation.resolved' GROUP BY job")
        let byJob = Dictionary(uniqueKeysWithValues: resolved.map { ($0.string("job") ?? "", $0.int("n") ?? 0) })
        #expect(questions.allSatisfy { byJob[$0.job] == 1 }, "each question resolved once: \(byJob)")
        for (index, question) in questions.enumerated() {
            let state = try await api.get("/v1/presentations/\(question.id)")
            let resolution = try state.decode(BrokerReply.PresentationState.self).resolution
            #expect(resolution?.action == Self.action(index) && resolution?.by == "anonymous", "\(question.id): \(state)")
        }

        // The worker follows to broker-b too: every job ends (asked over HTTP: a new CLI process would
        // first wait out the frozen broker's handshake).
        for job in Array(submitted) + questions.map(\.job) {
            let done = try await sandbox.waitOverHTTP(job, "finished") { $0.isFinished }
            #expect(done.state == .succeeded, "\(done)")
        }

        // Woken, the old broker learns it lost the lease, stands by, and writes nothing.
        kill(pair.first.pid, SIGCONT)
        _ = try await sandbox.eventually("broker-a to say it lost the lease") { pair.first.stderr.contains("stopped serving") ? true : nil }
        #expect(pair.first.termination == nil, "it stands by instead")
        let holder = try journal.query("SELECT holder FROM broker_lease").first?.string("holder") ?? ""
        #expect(holder.hasSuffix(pair.secondClients), "the second broker holds the lease: \(holder)")
        let after = try await api.post("/v1/operations", #"{"operation": "noop", "input": {}}"#)
        #expect(after.status == 202, "the gateway still serves: \(after)")
    }

    /// The action the `index`th question is answered with: the first of each track's two removes it.
    static func action(_ index: Int) -> String { index < TestLibrary.tracks.count ? "remove" : "cancel" }
}
