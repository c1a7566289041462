import Foundation
import GatewayClient
import JSON
import Presentation
import Testing
import Wire

extension EndToEnd {
    /// The Swift client of the gateway (`InterludeGateway`) against a real broker, worker and gateway with tokens.
    @Suite("Gateway client") struct GatewayClients {
        static let (ana, bob) = ("tok-ana-0123456789abcdef", "tok-bob-0123456789abcdef")
        static let tokens = "ana:\(ana):submit+answer+read:ops,bob:\(bob):answer+read"

        /// A sandbox with a broker, a worker and a gateway that knows ana's and bob's tokens.
        static func sandbox(_ label: String) async throws -> Sandbox {
            let sandbox = try Sandbox(label)
            try await sandbox.startAll(gateway: ["INTERLUDE_TOKENS": tokens])
            return sandbox
        }

        static func client(_ sandbox: Sandbox, token: String?) throws -> GatewayClient {
            GatewayClient(base: try #require(URL(string: sandbox.gatewayURL)), token: token)
        }

        @Test("Submit, the job, the jobs page, its history, me, operations, pending with mine, one presentation, answer with values, and cancel")
        func everyCall() async throws {
            let sandbox = try await Self.sandbox("gwclient-calls")
            defer { sandbox.shutdown() }
            let ana = try Self.client(sandbox, token: Self.ana)
            let bob = try Self.client(sandbox, token: Self.bob)
            #expect(try await ana.me() == GatewayCaller(name: "ana", groups: ["ops"]))
            #expect(try await ana.operations().operations.map(\.name).contains("exportProject"))
            #expect(try await ana.operation("removeDownload").name == "removeDownload")

            let exports = sandbox.library.appendingPathComponent("exports")
            let input = try RawJSON(validating: Data(#"{"project": "atlas", "destination": "\#(exports.path)/usb"}"#.utf8))
            let export = try await ana.submit("exportProject", input: input, idempotencyKey: "export-1", audience: Audience(groups: ["ops"]))
            #expect(try await ana.submit("exportProject", input: input, idempotencyKey: "export-1").id == export.id, "the same key, the same job")
            let question = try await sandbox.questionOverHTTP(export.id, client: sandbox.api(token: Self.ana))
            #expect(try await ana.job(export.id).state == .waiting)
            #expect(try await ana.jobs(state: .waiting).jobs.map(\.id) == [export.id])

            let pending = try await ana.pending(limit: 10, mine: true)
            #expect(pending.presentations.map(\.id) == [question.id] && pending.operations[export.id] == "exportProject")
            #expect(try await bob.pending(mine: true).presentations.isEmpty, "bob is not in ops")
            #expect(try await bob.pending().presentations.map(\.id) == [question.id], "without mine, everything pending")
            let state = try await bob.presentation(question.id)
            #expect(state.presentation == question && state.resolution == nil && state.operation == "exportProject")

            let resolution = try await ana.answer(question.id, action: "useAnotherFolder", values: ["folder": exports.path])
            #expect(resolution.by == "ana" && resolution.values == ["folder": exports.path] && resolution.channel == "http")
            try await sandbox.waitOverHTTP(export.id, "finished", client: sandbox.api(token: Self.ana)) { $0.isFinished }
            let history = try await ana.history(of: export.id, limit: 2)
            #expect(history.job == export.id && history.history.count == 2 && history.next != nil)
            let rest = try await ana.history(of: export.id, cursor: history.next)
            #expect(rest.history.contains { $0.type == .resolved && $0.by == "ana" }, "\(rest.history.map(\.type))")

            let waiting = try await ana.submit("removeDownload", input: try RawJSON(validating: Data(blueInGreen.utf8)))
            _ = try await sandbox.questionOverHTTP(waiting.id, client: sandbox.api(token: Self.ana))
            let cancelled = try await ana.cancel(waiting.id)
            #expect(cancelled.id == waiting.id)
            try await sandbox.waitOverHTTP(waiting.id, "cancelled", client: sandbox.api(token: Self.ana)) { $0.state == .cancelled }
        }

        @Test("The API's refusals arrive as one GatewayClientError: 401, 403, 404 and 422 with their codes, and a lost race with the winner")
        func refusals() async throws {
            let sandbox = try await Self.sandbox("gwclient-errors")
            defer { sandbox.shutdown() }
            let ana = try Self.client(sandbox, token: Self.ana)
            let bob = try Self.client(sandbox, token: Self.bob)
            let stranger = try Self.client(sandbox, token: "tok-nobody-0123456789abcdef")

            typealias Call = @Sendable (GatewayClient) async throws(GatewayClientError) -> Void
            let refusals: [(GatewayClient, Call, Int, String)] = [
                (stranger, { (client) async throws(GatewayClientError) in _ = try await client.jobs() }, 401, "invalidToken"),
                (bob, { (client) async throws(GatewayClientError) in _ = try await client.submit("removeDownload") }, 403, "forbidden"),
                (ana, { (client) async throws(GatewayClientError) in _ = try await client.job("no-such-job") }, 404, "notFound"),
                (ana, { (client) async throws(GatewayClientError) in _ = try await client.submit("noSuchOperation") }, 422, "unknownOperation"),
            ]
            for (client, call, status, code) in refusals {
                do throws(GatewayClientError) {
                    try await call(client)
                    Issue.record("expected \(status) \(code)")
                } catch {
                    #expect(error.status == status && error.code == code, "\(error)")
                    #expect(!error.message.isEmpty)
                }
            }

            let job = try await ana.submit("removeDownload", input: try RawJSON(validating: Data(blueInGreen.utf8)))
            let question = try await sandbox.questionOverHTTP(job.id, client: sandbox.api(token: Self.ana))
            _ = try await ana.answer(question.id, action: "cancel")
            do throws(GatewayClientError) {
                _ = try await bob.dismiss(question.id)
                Issue.record("bob's dismissal after ana's answer took effect")
            } catch {
                #expect(error.status == 409 && error.isLostRace, "\(error)")
                #expect(error.resolution?.by == "ana" && error.resolution?.action == "cancel", "\(error)")
            }
        }
    }
}
