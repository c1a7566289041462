import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// deployRelease's Deploy needs two people of `ops`: real broker, worker and gateway, one approval over the
    /// command line through the gateway and one over HTTP, with the broker and the worker killed in between.
    @Suite("Approvals by several people") struct Approvals {
        static let people = ["ana", "bob", "carol"]

        /// Every person's token in group ops.
        static let tokens = people.map { "\($0):\(Transport.token(for: $0)):submit+answer+read:ops" }.joined(separator: ",")

        @Test(
            "bob approves over the CLI (1 of 2, exit 0), again is refused as alreadyApproved; a broker and a worker killed keep the count; ana's approval over HTTP resolves it listing both; carol is late"
        )
        func twoPeopleOfOpsDeployARelease() async throws {
            let sandbox = try Sandbox("approvals", transport: .gateway)
            defer { sandbox.shutdown() }
            sandbox.common["INTERLUDE_TOKENS"] = Self.tokens
            let broker = try await sandbox.startBroker()
            let worker = try await sandbox.startWorker("w1")
            try await sandbox.startGateway()
            let (ana, carol) = (sandbox.api(token: Transport.token(for: "ana")), sandbox.api(token: Transport.token(for: "carol")))

            let submitted = try await ana.post("/v1/operations", #"{"operation": "deployRelease", "input": {"release": "2.4.1"}}"#)
            #expect(submitted.status == 202, "\(submitted)")
            let job = try submitted.decode(Job.self).id
            let question = try await sandbox.questionOverHTTP(job, client: ana)
            #expect(question.audience == Audience(groups: ["ops"]))
            #expect(question.action("deploy")?.approvals == 2)

            let first = try await sandbox.cli("answer", question.id, "deploy", "--as", "bob")
            #expect(first.status == 0, "\(first)")
            #expect(first.stdout.contains("\(question.id): 1 of 2 approvals: waiting for one more (approved by bob)"), "\(first)")
            let again = try await sandbox.cli("answer", question.id, "deploy", "--as", "bob")
            #expect(again.status != 0, "\(again)")
            #expect(again.stderr.contains("bob already approved deploy"), "\(again)")
            let twice = try await sandbox.api(token: Transport.token(for: "bob")).post("/v1/presentations/\(question.id)/answer", #"{"action": "deploy"}"#)
            #expect(twice.status == 409 && twice.error?.code == .alreadyApproved, "\(twice)")

            // Both processes die with the first approval journaled; their successors know it.
            #expect(broker.kill()?.signalled == true)
            #expect(worker.kill()?.signalled == true)
            try await sandbox.startBroker(name: "broker-restarted")
            try await sandbox.startWorker("w2")
            let state = try await sandbox.eventually("the restarted broker to show the question over HTTP") { () async throws -> [String: JSONValue]? in
                let reply = try await ana.get("/v1/presentations/\(question.id)")
                guard reply.status == 200 else { return nil }
                return try reply.decode([String: JSONValue].self)
            }
            guard case .array(let approvals)? = state["approvals"], case .object(let approval)? = approvals.first else {
                Issue.record("GET /v1/presentations/{id} shows no approvals: \(state)")
                return
            }
            #expect(approvals.count == 1 && approval["by"] == .string("bob") && approval["channel"] == .string("cli"), "\(state)")
            let listed = try await ana.get("/v1/presentations").decode([String: JSONValue].self)
            guard case .object(let byQuestion)? = listed["approvals"], case .array(let listedApprovals)? = byQuestion[question.id] else {
                Issue.record("GET /v1/presentations lists no approvals: \(listed)")
                return
            }
            #expect(listedApprovals.count == 1)
            let pending = try await sandbox.cli("pending", "--as", "carol")
            #expect(pending.stdout.contains("deploy: 1 of 2 approvals: waiting for one more (approved by bob)"), "\(pending)")

            let second = try await ana.post("/v1/presentations/\(question.id)/answer", #"{"action": "deploy"}"#)
            #expect(second.status == 200, "\(second)")
            let resolution = try second.decode(Resolution.self)
            #expect(resolution.action == "deploy" && resolution.cause == .answered && resolution.by == "ana")
            #expect(resolution.approvals?.map(\.by) == ["bob", "ana"])
            #expect(resolution.approvals?.map(\.channel) == ["cli", "http"])
            let late = try await carol.post("/v1/presentations/\(question.id)/answer", #"{"action": "deploy"}"#)
            #expect(late.status == 409 && late.error?.code == .alreadyResolved, "\(late)")
            #expect(late.error?.resolution == resolution, "the late answer learns who won: \(late)")

            let done = try await sandbox.waitOverHTTP(job, "finished", client: ana) { $0.isFinished }
            #expect(done.state == .succeeded, "\(done)")
            #expect(done.result == .object(["deployed": .bool(true)]))
            let live = try JSONCoding.decoder.decode(JSONValue.self, from: Data(contentsOf: sandbox.library.appendingPathComponent("release.json")))
            #expect(live == .object(["release": .string("2.4.1")]))
        }
    }
}
