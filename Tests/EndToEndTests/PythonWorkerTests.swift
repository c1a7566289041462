import Client
import Foundation
import JSON
import Presentation
import Schema
import Testing
import Wire

extension EndToEnd {
    /// `Examples/python-worker`, a worker written against docs/protocol.md alone, against `interlude broker`.
    @Suite("A worker in Python") struct PythonWorkerTests {
        struct JobWithHistory: Decodable {
            let state: Job.State
            let result: JSONValue?
            let history: [HistoryEntry]
        }

        @Test(
            "pyGreet is announced with its schema and texts, asks with roles, is answered from the CLI, records a step and finishes; heartbeats keep it connected and SIGTERM says goodbye",
            .enabled(Comment(rawValue: PythonWorker.unavailable)) { await PythonWorker.canRun() })
        func pythonWorkerEndToEnd() async throws {
            let python = try await PythonWorker.prepare()
            let sandbox = try Sandbox("python-worker", demoLibrary: false)
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            let worker = try sandbox.start(
                "python-worker", [PythonWorker.script.path], executable: python, environment: ["INTERLUDE_WORKER_NAME": "py-1"])
            let banner = try await sandbox.ready(worker, "python worker is up.")
            #expect(banner["operations"] == "pyGreet")

            let list = try await sandbox.cliJSON(BrokerReply.OperationList.self, "operations", "--json")
            let announced = try #require(list.operations.first { $0.name == "pyGreet" }, "\(list)")
            #expect(announced.summary == "Greet someone by name from Python, once a person agrees")
            #expect(
                announced.input
                    == .object(
                        ["name": .string(minLength: 1, maxLength: 100)], required: ["name"], additionalProperties: .forbidden))
            #expect(announced.catalog.tables["es"]?["pyGreet.confirm.title"] == "¿Saludar a {0}?")
            #expect(announced.workers == ["py-1"])
            let refused = try await sandbox.cli("submit", "pyGreet", "--input", #"{"name": ""}"#)
            #expect(refused.status == 1 && refused.stderr.contains("$.name: must have at least 1 character"), "\(refused)")

            // Greet: asked, answered from the CLI, the step recorded, the result given.
            let job = try await sandbox.submit("pyGreet", #"{"name": "Ada"}"#)
            let question = try await sandbox.question(of: job)
            #expect(question.kind == .confirmationDialog)
            #expect(question.title == "Greet Ada?")
            #expect(question.message == "Python will say hello.")
            #expect(question.actions.map(\.id) == ["greet", "cancel"])
            #expect(question.actions.map(\.role) == [nil, .cancel])
            #expect(question.localization == Localization("pyGreet.confirm", ["Ada"]))
            #expect(question.item == .object(["name": .string("Ada")]))
            // The resolver lists it in Spanish from the announced catalog (and exits 2: no terminal to ask in).
            let listed = try await sandbox.cli("resolve", "--locale", "es")
            #expect(listed.status == 2 && listed.stdout.contains("¿Saludar a Ada?"), "\(listed)")
            let answer = try await sandbox.cli("answer", question.id, "greet")
            #expect(answer.status == 0, "\(answer)")
            let greeted = try await sandbox.waitForEnd(of: job)
            #expect(greeted.state == .succeeded, "\(greeted)")
            #expect(greeted.result == .object(["greeting": .string("Hello, Ada")]))
            let timeline = try await sandbox.cliJSON(JobWithHistory.self, "status", job, "--json").history
            #expect(timeline.map(\.type) == [.queued, .dispatched, .asked, .resolved, .step, .finished], "\(timeline.map(\.type))")
            #expect(timeline.first { $0.type == .step }?.step == "greeting")

            // Cancel: no step, a null greeting.
            let second = try await sandbox.submit("pyGreet", #"{"name": "Grace"}"#)
            let asked = try await sandbox.question(of: second)
            #expect(try await sandbox.cli("answer", asked.id, "cancel").status == 0)
            let cancelled = try await sandbox.waitForEnd(of: second)
            #expect(cancelled.state == .succeeded && cancelled.result == .object(["greeting": .null]), "\(cancelled)")

            // Longer than the sandbox's liveness window (10 × 200 ms): without its heartbeats the broker
            // would have declared the worker dead, and without the broker's it would have reconnected.
            try await Task.sleep(for: .seconds(3))
            let client = try sandbox.client()
            defer { client.close() }
            #expect(try await client.stats().workers == 1)
            #expect(!worker.stderr.contains("connecting again"), "\(worker.stderr)")

            worker.terminate()
            let ended = await worker.exit(within: .seconds(5))
            #expect(ended?.status == 0, "\(String(describing: ended)): \(worker.tail())")
            _ = try await sandbox.eventually("the broker to let the worker go") { try await client.stats().workers == 0 ? true : nil }
        }
    }
}
