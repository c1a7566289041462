import Foundation
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// Refused answers, which anyone outside a question's audience can send, in a job's timeline.
    @Suite("Refusals in a timeline") struct RefusalFlood {
        /// `interlude status JOB --json`: the job, its `history` and `refusalsOmitted`.
        struct JobWithHistory: Decodable {
            let state: Job.State
            let history: [HistoryEntry]
            let refusalsOmitted: Int
        }

        @Test("1,010 refused answers over HTTP keep the resolution by ana, the steps and the finish in the timeline; past the first 20 they are counted")
        func refusalsNeverPushOutTheJobsOwnEntries() async throws {
            let sandbox = try Sandbox("refusal-flood")
            defer { sandbox.shutdown() }
            try await sandbox.startAll()
            let submitted = try await sandbox.cli("submit", "removeDownload", "--input", blueInGreen, "--for", "ana")
            let job = submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let question = try await sandbox.question(of: job)

            // The open gateway answers as "anonymous", who is not ana: every answer is refused, over one keep-alive client.
            let http = sandbox.api()
            // Past the 1,000 entries a timeline holds (`Journal.historyLimit`); the first 20 refusals are kept (`Journal.refusalLimit`).
            let (flood, keptRefusals) = (1_010, 20)
            for sent in 0..<flood {
                let refused = try await http.post("/v1/presentations/\(question.id)/answer", #"{"action": "remove"}"#)
                guard refused.status == 403 else {
                    Issue.record("answer \(sent) was not refused: \(refused)")
                    return
                }
            }
            let answered = try await sandbox.cli("answer", question.id, "remove", "--as", "ana")
            #expect(answered.status == 0, "\(answered)")
            #expect(try await sandbox.waitForEnd(of: job).state == .succeeded)

            let status = try await sandbox.cliJSON(JobWithHistory.self, "status", job, "--json")
            let own = status.history.filter { $0.type != .refused }
            #expect(own.contains { $0.type == .resolved && $0.by == "ana" && $0.action == "remove" }, "\(own.map(\.type))")
            #expect(own.filter { $0.type == .step }.map(\.step) == ["locate", "remove"])
            #expect(own.last?.type == .finished && own.last?.state == .succeeded)
            #expect(status.history.filter { $0.type == .refused }.count == keptRefusals)
            #expect(status.refusalsOmitted == flood - keptRefusals, "every refusal is kept or counted")
            let text = try await sandbox.cli("status", job)
            #expect(text.stdout.contains("\(flood - keptRefusals) more refusals not shown"), "\(text)")
        }
    }
}
