import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// A job's timeline and its questions' deadlines, through the CLI, the HTTP API and a broker restart.
    @Suite("Timelines and deadlines") struct Deadlines {
        /// `interlude status JOB --json`: the job and its `history`.
        struct JobWithHistory: Decodable {
            let state: Job.State
            let result: JSONValue?
            let outcome: Job.Outcome?
            let history: [HistoryEntry]
        }

        @Test(
            "A job submitted with --answer-within 2s and left alone ends through its cancel action, cause expired, in its history",
            arguments: Transport.allCases)
        func answerWithinExpiresToCancel(over transport: Transport) async throws {
            let sandbox = try Sandbox("deadline", transport: transport)
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            let submitted = try await sandbox.cli("submit", "removeDownload", "--input", blueInGreen, "--answer-within", "2s")
            #expect(submitted.status == 0, "\(submitted)")
            let job = submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let question = try await sandbox.question(of: job)
            let expiry = try #require(question.expiresAt)
            #expect(abs(expiry.timeIntervalSince(question.createdAt) - 2) < 0.01, "the job's deadline replaces the operation's day")

            let done = try await sandbox.waitForEnd(of: job)
            #expect(done.state == .succeeded)
            #expect(done.result == .object(["removed": .bool(false)]))
            #expect(FileManager.default.fileExists(atPath: TestLibrary.download("t-101", in: sandbox.library).path))
            #expect(done.outcome?.action == "cancel" && done.outcome?.cause == .expired, "\(String(describing: done.outcome))")

            let shown = try await sandbox.cliJSON(JobWithHistory.self, "status", job, "--json")
            #expect(shown.history.map(\.type) == [.queued, .dispatched, .step, .asked, .resolved, .finished], "\(shown.history.map(\.type))")
            #expect(shown.history.first { $0.type == .step }?.step == "locate", "the step recorded before asking")
            let resolved = try #require(shown.history.first { $0.type == .resolved })
            #expect(resolved.cause == .expired && resolved.action == "cancel" && resolved.presentation == question.id)
            #expect(shown.history.first { $0.type == .asked }?.question?.id == question.id)
            #expect(shown.history.last?.outcome?.action == "cancel")
            #expect(shown.history.allSatisfy { $0.at >= done.createdAt.addingTimeInterval(-1) })

            let text = try await sandbox.cli("status", job)
            #expect(text.stdout.contains("outcome: cancel (expired, \(question.id))"), "\(text)")
            #expect(text.stdout.contains("expired \(question.id) → cancel"), "\(text)")
            #expect(text.stdout.contains("finished: succeeded, outcome cancel (expired)"), "\(text)")

            let bad = try await sandbox.cli("submit", "removeDownload", "--input", soWhat, "--answer-within", "soon")
            #expect(bad.status == 2 && bad.stderr.contains("--answer-within takes a duration"), "\(bad)")
        }

        @Test("A deadline passes while the broker is down: the restarted broker expires the question to its cancel action")
        func deadlineAcrossABrokerRestart() async throws {
            let sandbox = try Sandbox("deadline-restart")
            defer { sandbox.shutdown() }
            let broker = try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            let submitted = try await sandbox.cli("submit", "removeDownload", "--input", blueInGreen, "--answer-within", "2")
            let job = submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let question = try await sandbox.question(of: job)
            #expect(broker.kill()?.signalled == true)
            try await Task.sleep(for: .seconds(2.5))
            try await sandbox.startBroker(name: "broker-restarted")
            let done = try await sandbox.waitForEnd(of: job, timeout: .seconds(20))
            #expect(done.result == .object(["removed": .bool(false)]), "\(done)")
            #expect(done.outcome?.presentation == question.id && done.outcome?.cause == .expired)
        }

        @Test("Over HTTP: answerWithin in the submit body, the operation's own deadline without it, and the job's history")
        func overHTTP() async throws {
            let sandbox = try Sandbox("deadline-http")
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            let api = sandbox.api()

            let plain = try await api.post("/v1/operations", #"{"operation": "removeDownload", "input": \#(blueInGreen)}"#)
            #expect(plain.status == 202, "\(plain)")
            let plainJob = try plain.decode(Job.self)
            let plainQuestion = try await sandbox.questionOverHTTP(plainJob.id)
            #expect(plainQuestion.expiresAt == plainQuestion.createdAt.addingTimeInterval(86_400), "removeDownload waits a day by default")

            let timed = try await api.post("/v1/operations", #"{"operation": "resetPreferences", "answerWithin": "1h30m"}"#)
            #expect(timed.status == 202, "\(timed)")
            let timedQuestion = try await sandbox.questionOverHTTP(try timed.decode(Job.self).id)
            #expect(timedQuestion.expiresAt == timedQuestion.createdAt.addingTimeInterval(5_400))

            let refused = try await api.post("/v1/operations", #"{"operation": "resetPreferences", "answerWithin": "later"}"#)
            #expect(refused.status == 422, "\(refused)")

            #expect(try await api.post("/v1/presentations/\(plainQuestion.id)/answer", #"{"action": "remove"}"#).status == 200)
            _ = try await sandbox.waitOverHTTP(plainJob.id, "finished") { $0.isFinished }
            let reply = try await api.get("/v1/jobs/\(plainJob.id)")
            let body = try reply.decode([String: JSONValue].self)
            guard case .array(let history)? = body["history"] else { throw EndToEndFailure("no history in \(reply)") }
            let types = history.compactMap { entry -> String? in
                if case .object(let fields) = entry, case .string(let type)? = fields["type"] { type } else { nil }
            }
            #expect(types == ["queued", "dispatched", "step", "asked", "resolved", "step", "finished"], "\(types)")
            #expect(body["historyNext"] == .null)
            let resolved = try #require(history.first { if case .object(let fields) = $0 { fields["type"] == .string("resolved") } else { false } })
            guard case .object(let fields) = resolved else { return }
            #expect(fields["channel"] == .string("http") && fields["by"] == .string("anonymous") && fields["action"] == .string("remove"))
            #expect(fields["at"].flatMap { if case .string(let at) = $0 { at } else { nil } }?.hasSuffix("Z") == true, "RFC 3339 times")

            let page = try await api.get("/v1/jobs/\(plainJob.id)/history?limit=2")
            let first = try page.decode([String: JSONValue].self)
            guard case .array(let entries)? = first["history"], case .string(let next)? = first["next"] else { throw EndToEndFailure("\(page)") }
            #expect(entries.count == 2)
            let rest = try await api.get("/v1/jobs/\(plainJob.id)/history?cursor=\(next)")
            guard case .array(let more)? = try rest.decode([String: JSONValue].self)["history"] else { throw EndToEndFailure("\(rest)") }
            #expect(more.count == 5, "the rest of the seven entries")
            #expect(try await api.get("/v1/jobs/job_0000000000000000/history").status == 404)
        }
    }
}
