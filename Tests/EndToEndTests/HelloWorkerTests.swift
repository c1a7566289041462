import Foundation
import JSON
import Presentation
import Schema
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// `Examples/HelloWorker`, a separate package on the worker SDK, against `interlude broker` and
    /// `interlude gateway` started without the shipped worker.
    @Suite("A worker of one's own", .serialized) struct HelloWorker {
        /// What `make test` builds it with: a module compiled with warnings as errors has none, so a build
        /// that leaves a module as it was (built by `make test` just before) still vouches for it.
        static let build = ["build", "--package-path", HelloWorkerBinary.package.path, "--build-tests", "-Xswiftc", "-warnings-as-errors"]

        @Test("Examples/HelloWorker imports Foundation beside WorkerKit and WorkerKitTesting and builds without one warning, the SDK's own included")
        func exampleBuildsWithoutWarnings() async throws {
            let (status, output) = try await ChildCommand.run("/usr/bin/env", ["swift"] + Self.build, timeout: .seconds(1200))
            #expect(status == 0, "swift \(Self.build.joined(separator: " ")):\n\(output)")
            let warnings = output.split(separator: "\n").filter { $0.contains("warning:") }
            #expect(warnings.isEmpty, "\(warnings.joined(separator: "\n"))")
        }

        @Test("greet is unknown until hello-worker announces it, then checked, asked, answered from the CLI and HTTP")
        func greetFromItsOwnWorker() async throws {
            let program = try HelloWorkerBinary.locate()
            let sandbox = try Sandbox("hello-worker", demoLibrary: false)
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startGateway()
            let api = sandbox.api()
            let ada = #"{"name": "Ada"}"#

            let early = try await sandbox.cli("submit", "greet", "--input", ada)
            #expect(early.status == 1, "\(early)")
            #expect(early.stderr.contains("unknown operation \"greet\""), "\(early)")
            let earlyHTTP = try await api.post("/v1/operations", #"{"operation": "greet", "input": \#(ada)}"#)
            #expect(earlyHTTP.status == 422, "\(earlyHTTP)")
            #expect(earlyHTTP.error?.code == .unknownOperation)

            let worker = try sandbox.start(
                "hello-worker", [], executable: program, environment: ["INTERLUDE_WORKER_NAME": "hello-1"])
            let banner = try await sandbox.ready(worker, "interlude worker is up.")
            #expect(banner["operations"] == "greet")

            let list = try await sandbox.cliJSON(BrokerReply.OperationList.self, "operations", "--json")
            let greet = try #require(list.operations.first { $0.name == "greet" })
            #expect(list.operations.map(\.name) == ["greet"], "the broker knows only what its workers announced")
            #expect(greet.summary == "Greet someone by name, once a person agrees")
            #expect(
                greet.input
                    == .object(
                        ["name": .string(minLength: 1, maxLength: 100, description: "who to greet")], required: ["name"],
                        additionalProperties: .forbidden))
            #expect(greet.workers == ["hello-1"])

            let listed = try await api.get("/v1/operations")
            #expect(listed.status == 200, "\(listed)")
            #expect(try listed.decode(BrokerReply.OperationList.self).operations.map(\.name) == ["greet"])
            let one = try await api.get("/v1/operations/greet")
            #expect(try one.decode(OperationInfo.self).input == greet.input)
            #expect(try await api.get("/v1/operations/nope").status == 404)
            let document = try await api.get("/v1/openapi.json").decode(JSONValue.self)
            #expect(document["components"]?["schemas"]?["greetInput"]?["required"] == .array([.string("name")]))
            #expect(document["paths"]?["/v1/operations"]?["post"]?["operationId"] == .string("submitOperation"))

            let bad = #"{"name": "", "nmae": "Ada"}"#
            let refused = try await sandbox.cli("submit", "greet", "--input", bad)
            #expect(refused.status == 1, "\(refused)")
            #expect(refused.stderr.contains("$.name: must have at least 1 character, has 0"), "\(refused)")
            #expect(refused.stderr.contains("$.nmae: is not allowed"), "\(refused)")
            let refusedHTTP = try await api.post("/v1/operations", #"{"operation": "greet", "input": \#(bad)}"#)
            #expect(refusedHTTP.status == 422, "\(refusedHTTP)")
            #expect(refusedHTTP.error?.violations?.map(\.path) == ["$.name", "$.nmae"])
            #expect(try await sandbox.jobs().isEmpty, "nothing refused was journaled")

            // Submitted and answered from the CLI: greet.
            let job = try await sandbox.submit("greet", ada)
            let question = try await sandbox.question(of: job)
            #expect(question.kind == .confirmationDialog)
            #expect(question.title == "Greet Ada?")
            #expect(question.actions.map(\.id) == ["greet", "cancel"])
            #expect(question.actions.map(\.role) == [nil, .cancel])
            #expect(try await sandbox.cli("answer", question.id, "greet").status == 0)
            let greeted = try await sandbox.waitForEnd(of: job)
            #expect(greeted.state == .succeeded)
            #expect(greeted.result == .object(["greeting": .string("Hello, Ada")]))

            // Submitted and answered over HTTP: cancel.
            let submitted = try await api.post("/v1/operations", #"{"operation": "greet", "input": {"name": "Grace"}}"#)
            #expect(submitted.status == 202, "\(submitted)")
            let second = try submitted.decode(Job.self)
            let asked = try await sandbox.waitOverHTTP(second.id, "waiting") { $0.presentation != nil }
            let id = try #require(asked.presentation?.id)
            #expect(asked.presentation?.title == "Greet Grace?")
            let answered = try await api.post("/v1/presentations/\(id)/answer", #"{"action": "cancel"}"#)
            #expect(answered.status == 200, "\(answered)")
            let cancelled = try await sandbox.waitOverHTTP(second.id, "finished") { $0.isFinished }
            #expect(cancelled.state == .succeeded)
            #expect(cancelled.result == .object(["greeting": .null]))
        }
    }
}
