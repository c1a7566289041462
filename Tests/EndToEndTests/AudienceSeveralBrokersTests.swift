import Foundation
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// A client given several brokers adds an idempotency key to a keyless submit; the rest of the submit
    /// must reach the broker as the person gave it.
    @Suite("Who may answer, with several brokers listed") struct AudienceSeveralBrokers {
        /// The sandbox's broker first, then an endpoint where nothing listens: the client talks to the
        /// first, but knows it has another.
        static func twoBrokers(_ sandbox: Sandbox) -> [String: String] {
            ["INTERLUDE_CLIENTS": "\(sandbox.clients),tcp://127.0.0.1:1"]
        }

        @Test("submit --for ana --answer-within 30m over a list of brokers keeps the audience and the deadline; bob's answer exits 3")
        func overTheCommandLine() async throws {
            let sandbox = try Sandbox("audience-brokers-cli")
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            let brokers = Self.twoBrokers(sandbox)
            let submitted = try await sandbox.cli(
                ["submit", "removeDownload", "--input", blueInGreen, "--for", "ana", "--answer-within", "30m"], environment: brokers)
            #expect(submitted.status == 0, "\(submitted)")
            let job = submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let question = try await sandbox.question(of: job)
            #expect(question.audience == Audience(users: ["ana"]))
            let status = try await sandbox.status(job)
            #expect(status.audience == Audience(users: ["ana"]) && status.answerWithin == 1_800, "\(status)")
            let refused = try await sandbox.cli(["answer", question.id, "remove", "--as", "bob"], environment: brokers)
            #expect(refused.status == 3, "\(refused)")
            #expect(FileManager.default.fileExists(atPath: sandbox.library.appendingPathComponent("downloads/t-101.m4a").path))
        }

        @Test("Over HTTP through a gateway given a list of brokers, a keyless submit for group ops refuses bob's answer with 403")
        func overHTTP() async throws {
            let sandbox = try Sandbox("audience-brokers-http")
            defer { sandbox.shutdown() }
            let (ana, bob) = ("tok-ana-0123456789abcdef", "tok-bob-0123456789abcdef")
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            try await sandbox.startGateway(
                environment: Self.twoBrokers(sandbox).merging(["INTERLUDE_TOKENS": "ana:\(ana):submit+answer+read:ops,bob:\(bob):answer+read"]) { _, new in new
                })
            let body = #"{"operation": "removeDownload", "input": \#(blueInGreen), "audience": {"groups": ["ops"]}, "answerWithin": 1800}"#
            let submitted = try await sandbox.api(token: ana).post("/v1/operations", body)
            #expect(submitted.status == 202, "\(submitted)")
            let job = try submitted.decode(Job.self)
            #expect(job.audience == Audience(groups: ["ops"]) && job.answerWithin == 1_800, "\(job)")
            let question = try await sandbox.questionOverHTTP(job.id, client: sandbox.api(token: ana))
            #expect(question.audience == Audience(groups: ["ops"]))
            let refused = try await sandbox.api(token: bob).post("/v1/presentations/\(question.id)/answer", #"{"action": "remove"}"#)
            #expect(refused.status == 403, "\(refused)")
        }
    }
}
