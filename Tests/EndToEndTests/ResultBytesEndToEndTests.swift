import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// A job's output and step values travel as their worker wrote them, through the broker, the journal and the gateway.
    @Suite("Result bytes") struct ResultBytes {
        static let operation = OperationAnnouncement(name: "spelled", summary: "Answers in a spelling of its own", input: nil)
        /// Spaces, key order, an escape and number spellings no writer here produces.
        static let output = #"{ "z" : [1.0e2, -0.0], "a":"caf\u00e9" }"#
        static let step = #"[ 1.50 , {"y":true,  "x":null} ]"#

        @Test("A worker's output comes out of GET /v1/jobs/{id}, status --json and the event stream as the worker wrote it")
        func theWorkersBytesComeOut() async throws {
            let sandbox = try Sandbox("result-bytes")
            defer { sandbox.shutdown() }
            // A long heartbeat, so the raw worker (which sends none) stays alive through the test.
            try await sandbox.startBroker(environment: ["INTERLUDE_HEARTBEAT_MS": "10000"])
            try await sandbox.startGateway()
            let worker = try RawWorker(sandbox.workers)
            _ = try await onThread { try worker.announce("spelled-1", [Self.operation]) }
            let job = try await sandbox.submit("spelled", "{}")
            let output = try RawJSON(validating: Data(Self.output.utf8))
            let step = try RawJSON(validating: Data(Self.step.utf8))
            try await onThread { () throws in
                let dispatch = try worker.dispatch()
                try worker.send(.step(.init(job: dispatch.job, attempt: dispatch.attempt, name: "s", value: step)), correlation: "s1")
                while true {
                    if case .stepRecorded = try worker.receive() { break }
                }
                try worker.send(.result(.init(job: dispatch.job, attempt: dispatch.attempt, outcome: .succeeded, output: output)))
            }
            let ended = try await sandbox.waitForEnd(of: job)
            #expect(ended.state == .succeeded && ended.result == output, "\(ended)")

            let shown = try await sandbox.api().get("/v1/jobs/\(job)")
            #expect(shown.status == 200, "\(shown)")
            #expect(shown.text.contains(#""result":"# + Self.output + ","), "\(shown.text)")
            let status = try await sandbox.cli("status", job, "--json")
            #expect(status.stdout.contains(#""result":"# + Self.output + ","), "\(status)")
            // The event stream from the start: the broker's journal pages, read and written again by the gateway.
            let journaled = try await sandbox.journalEvents()
            let stream = try SSEConnection(port: try sandbox.gatewayPort, target: "/v1/events?lastEventId=0")
            defer { stream.close() }
            let replayed = try await stream.messages(journaled.count)
            let succeeded = try #require(replayed.first { $0.event == "job.succeeded" }, "\(replayed)")
            #expect(succeeded.data.contains(#""result":"# + Self.output + ","), "\(succeeded.data)")
            withExtendedLifetime(worker) {}
        }
    }
}
