import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// Questions meant for some people, through the CLI and through the HTTP API with tokens that carry groups.
    @Suite("Who may answer") struct WhoMayAnswer {
        @Test(
            "submit --for ana: pending --mine lists it for ana only; bob's answer exits 3 naming the rule and is in the timeline; ana's takes effect",
            arguments: Transport.allCases)
        func overTheCommandLine(over transport: Transport) async throws {
            let sandbox = try Sandbox("audience-cli", transport: transport)
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            let submitted = try await sandbox.cli("submit", "removeDownload", "--input", blueInGreen, "--for", "ana")
            let job = submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let question = try await sandbox.question(of: job)
            #expect(question.audience == Audience(users: ["ana"]))

            let anas = try await sandbox.cli("pending", "--mine", "--as", "ana")
            #expect(anas.stdout.contains(question.id) && anas.stdout.contains("for: users ana"), "\(anas)")
            let bobs = try await sandbox.cli("pending", "--mine", "--as", "bob")
            #expect(bobs.stdout.contains("no pending questions"), "\(bobs)")

            let refused = try await sandbox.cli("answer", question.id, "remove", "--as", "bob")
            #expect(refused.status == 3, "\(refused)")
            #expect(refused.stderr.contains("is for users ana only; bob (no groups) is not among them"), "\(refused)")
            let answered = try await sandbox.cli("answer", question.id, "cancel", "--as", "ana")
            #expect(answered.status == 0, "\(answered)")
            let history = try await sandbox.cliJSON(Deadlines.JobWithHistory.self, "status", job, "--json").history
            #expect(history.contains { $0.type == .refused && $0.by == "bob" && $0.error?.code == "forbidden" }, "\(history.map(\.type))")
            #expect(try await sandbox.waitForEnd(of: job).outcome?.action == "cancel")
        }

        @Test("Over HTTP: a question for group ops refuses bob's token with 403 and takes ana's, whose token is in ops")
        func overHTTPWithGroups() async throws {
            let sandbox = try Sandbox("audience-http")
            defer { sandbox.shutdown() }
            let (ana, bob) = ("tok-ana-0123456789abcdef", "tok-bob-0123456789abcdef")
            try await sandbox.startAll(gateway: ["INTERLUDE_TOKENS": "ana:\(ana):submit+answer+read:ops+dev,bob:\(bob):answer+read"])
            let body = #"{"operation": "removeDownload", "input": \#(blueInGreen), "audience": {"groups": ["ops"]}}"#
            let submitted = try await sandbox.api(token: ana).post("/v1/operations", body)
            #expect(submitted.status == 202, "\(submitted)")
            let job = try submitted.decode(Job.self)
            #expect(job.audience == Audience(groups: ["ops"]))
            let question = try await sandbox.questionOverHTTP(job.id, client: sandbox.api(token: ana))
            let path = "/v1/presentations/\(question.id)/answer"

            let refused = try await sandbox.api(token: bob).post(path, #"{"action": "remove"}"#)
            #expect(refused.status == 403, "\(refused)")
            #expect(refused.error?.code == .forbidden && refused.error?.message.contains("is for groups ops only; bob (no groups)") == true, "\(refused)")
            #expect(try await sandbox.api(token: ana).post("/v1/operations", #"{"operation": "removeDownload", "audience": {"users": []}}"#).status == 422)

            let me = try await sandbox.api(token: ana).get("/v1/me")
            #expect(try me.decode([String: JSONValue].self) == ["name": .string("ana"), "groups": .array([.string("ops"), .string("dev")])], "\(me)")
            let answered = try await sandbox.api(token: ana).post(path, #"{"action": "cancel"}"#)
            #expect(answered.status == 200, "\(answered)")
            #expect(try answered.decode(Resolution.self).by == "ana")
        }
    }
}
