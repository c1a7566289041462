import Foundation
import GatewayClient
import JSON
import Presentation
import Testing
import Wire

extension EndToEnd {
    /// `PresentationStore`, the app's model of the questions to show, against a real gateway with tokens.
    @Suite("Presentation store") @MainActor struct PresentationStores {
        static let tokens = [
            "ana:tok-ana-0123456789abcdef:submit+answer+read:ops", "bob:tok-bob-0123456789abcdef:answer+read:ops",
            "carol:tok-carol-0123456789abcdef:answer+read",
        ].joined(separator: ",")

        /// A store of `name`'s questions, following until the test ends.
        static func store(_ sandbox: Sandbox, _ name: String) throws -> (PresentationStore, Task<Void, Never>) {
            let client = GatewayClient(base: try #require(URL(string: sandbox.gatewayURL)), token: "tok-\(name)-0123456789abcdef")
            let store = PresentationStore(client: client, backoff: .init(first: .milliseconds(100), maximum: .milliseconds(400)))
            return (store, Task { await store.run() })
        }

        /// Waits until `condition` holds, looking every 20 ms, at most `timeout`.
        static func until(_ what: String, timeout: Duration = .seconds(20), _ condition: () -> Bool) async throws {
            let deadline = ContinuousClock.now + timeout
            while !condition() {
                guard ContinuousClock.now < deadline else { throw EndToEndFailure("timed out waiting for \(what)") }
                try await Task.sleep(for: .milliseconds(20))
            }
        }

        /// What an answer came to.
        static func outcome(_ call: () async throws(GatewayClientError) -> Resolution) async -> Result<Resolution, GatewayClientError> {
            do throws(GatewayClientError) {
                return .success(try await call())
            } catch {
                return .failure(error)
            }
        }

        @Test("Three stores at once show what each may answer; two racing answers: one wins, the other is told who, and both move on")
        func racingStores() async throws {
            let sandbox = try Sandbox("store-race")
            defer { sandbox.shutdown() }
            try await sandbox.startAll(gateway: ["INTERLUDE_TOKENS": Self.tokens])
            let submitter = GatewayClient(base: try #require(URL(string: sandbox.gatewayURL)), token: "tok-ana-0123456789abcdef")
            let input = try RawJSON(validating: Data(blueInGreen.utf8))
            let forOps = try await submitter.submit("removeDownload", input: input, audience: Audience(groups: ["ops"]))
            let first = try await sandbox.questionOverHTTP(forOps.id, client: sandbox.api(token: "tok-ana-0123456789abcdef"))
            let (ana, anaRun) = try Self.store(sandbox, "ana")
            let (bob, bobRun) = try Self.store(sandbox, "bob")
            let (carol, carolRun) = try Self.store(sandbox, "carol")
            defer { for run in [anaRun, bobRun, carolRun] { run.cancel() } }
            try await Self.until("ana's and bob's stores to show the ops question") { ana.current?.id == first.id && bob.current?.id == first.id }
            let forAnyone = try await submitter.submit("removeDownload", input: try RawJSON(validating: Data(soWhat.utf8)))
            let second = try await sandbox.questionOverHTTP(forAnyone.id, client: sandbox.api(token: "tok-ana-0123456789abcdef"))
            try await Self.until("the open question in every store") { ana.queue.map(\.id) == [second.id] && carol.current?.id == second.id }
            #expect(bob.queue.map(\.id) == [second.id] && carol.queue.isEmpty, "carol is not in ops: she never sees the first")
            #expect(ana.caller == GatewayCaller(name: "ana", groups: ["ops"]))

            let remove = try #require(first.actions.first { $0.id == "remove" })
            let cancel = try #require(first.actions.first { $0.id == "cancel" })
            async let anas = Self.outcome { () async throws(GatewayClientError) in try await ana.answer(remove) }
            async let bobs = Self.outcome { () async throws(GatewayClientError) in try await bob.answer(cancel) }
            let outcomes = [("ana", await anas), ("bob", await bobs)]
            let winners = outcomes.filter { if case .success = $0.1 { true } else { false } }
            #expect(winners.count == 1, "\(outcomes)")
            let winner = try #require(winners.first?.0)
            for (name, outcome) in outcomes where name != winner {
                guard case .failure(let error) = outcome else { continue }
                #expect(error.status == 409 && error.resolution?.by == winner, "\(error)")
                #expect((name == "ana" ? ana : bob).ended?.by == winner, "the loser's store says who won")
            }
            #expect(ana.current?.id == second.id && bob.current?.id == second.id, "both moved on to the next")
            #expect(ana.queue.isEmpty && bob.queue.isEmpty)

            // Answered elsewhere: carol's answer clears it in ana's and bob's stores, and they say who.
            try await carol.dismiss()
            #expect(carol.current == nil && carol.ended == nil)
            try await Self.until("the question answered elsewhere to leave") { ana.current == nil && bob.current == nil }
            #expect(ana.ended?.by == "carol" && ana.ended?.presentation == second.id && bob.ended?.by == "carol")
        }

        @Test("A stream dropped by a gateway restart resumes: a question asked meanwhile appears once, one answered meanwhile leaves")
        func dropAndResume() async throws {
            let sandbox = try Sandbox("store-resume")
            defer { sandbox.shutdown() }
            try await sandbox.startAll(gateway: ["INTERLUDE_TOKENS": Self.tokens])
            let first = try await sandbox.question(of: try await sandbox.submit("removeDownload", blueInGreen))
            let (ana, run) = try Self.store(sandbox, "ana")
            defer { run.cancel() }
            try await Self.until("the store to show the first question") { ana.current?.id == first.id }

            let gateway = try #require(sandbox.processes.first { $0.name == "gateway" })
            #expect(gateway.kill()?.signalled == true)
            #expect(try await sandbox.cli("answer", first.id, "cancel", "--as", "dave").status == 0)
            let second = try await sandbox.question(of: try await sandbox.submit("removeDownload", soWhat))
            let third = try await sandbox.question(of: try await sandbox.submit("removeDownload", #"{"trackID":"t-103","title":"Flamenco Sketches"}"#))
            #expect(ana.current?.id == first.id, "nothing moves while the gateway is down")
            try await sandbox.startGateway(name: "gateway-2", environment: ["INTERLUDE_TOKENS": Self.tokens])

            try await Self.until("the store to catch up") { ana.current?.id == second.id && ana.queue.count == 1 }
            #expect(ana.queue.map(\.id) == [third.id], "each question once, in order")
            #expect(ana.ended?.presentation == first.id && ana.ended?.by == "dave", "answered meanwhile: cleared, naming who")
            #expect(ana.problem == nil)
        }
    }
}
