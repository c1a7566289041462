import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// The JSON API of `interlude gateway` against a real broker and worker.
    @Suite("HTTP API") struct HTTPAPI {
        @Test("Submit over HTTP, answer, and a second answer gets 409 with the winning resolution")
        func submitAnswerAndConflict() async throws {
            let sandbox = try Sandbox("http-answer")
            defer { sandbox.shutdown() }
            try await sandbox.startAll()
            let api = sandbox.api()

            let submitted = try await api.post("/v1/operations", #"{"operation": "removeDownload", "input": \#(blueInGreen)}"#)
            #expect(submitted.status == 202, "\(submitted)")
            let job = try JSONReader.read(Job.self, from: submitted.body)
            #expect(submitted.header("Location") == "/v1/jobs/\(job.id)")
            #expect(try JSONWriter.encode(job) == submitted.body, "the broker's job bytes, passed through, are the job's JSON")
            #expect(job.input.bytes == Data(blueInGreen.utf8), "the input as the client spelled it (keys unsorted)")
            #expect(try await api.get("/v1/jobs/\(job.id)").body.range(of: Data(#""input":\#(blueInGreen)"#.utf8)) != nil)
            let question = try await sandbox.questionOverHTTP(job.id)

            let pending = try await api.get("/v1/presentations")
            #expect(try pending.decode(JSONValue.self)["presentations"]?.decode(as: [Presentation].self).map(\.id) == [question.id])
            let shown = try await api.get("/v1/presentations/\(question.id)")
            #expect(try shown.decode(JSONValue.self)["resolution"] == .null, "\(shown)")

            let unknown = try await api.post("/v1/presentations/\(question.id)/answer", #"{"action": "explode"}"#)
            #expect(unknown.status == 422, "\(unknown)")
            #expect(unknown.error?.code == .unknownAction)

            let won = try await api.post("/v1/presentations/\(question.id)/answer", #"{"action": "remove"}"#, headers: ["X-Interlude-Channel": "web"])
            #expect(won.status == 200, "\(won)")
            let resolution = try won.decode(Resolution.self)
            #expect(resolution.action == "remove")
            #expect(resolution.by == "anonymous")
            #expect(resolution.channel == "web")

            let late = try await api.post("/v1/presentations/\(question.id)/answer", #"{"action": "cancel"}"#)
            #expect(late.status == 409, "\(late)")
            #expect(late.error?.code == .alreadyResolved)
            #expect(late.error?.resolution == resolution, "the loser learns who won")

            let done = try await sandbox.waitOverHTTP(job.id, "finished") { $0.isFinished }
            #expect(done.state == .succeeded)
            #expect(done.result == .object(["removed": .bool(true)]))
            let resolved = try await api.get("/v1/presentations/\(question.id)")
            #expect(try resolved.decode(JSONValue.self)["resolution"]?.decode(as: Resolution.self) == resolution)
            let listed = try await api.get("/v1/jobs?state=succeeded&limit=10")
            #expect(try listed.decode(JSONValue.self)["jobs"]?.decode(as: [Job].self).map(\.id) == [job.id], "\(listed)")
        }

        @Test("Unknown ids are 404, bad operations 422, and an Idempotency-Key returns the same job")
        func refusalsAndIdempotency() async throws {
            let sandbox = try Sandbox("http-refusals")
            defer { sandbox.shutdown() }
            try await sandbox.startAll()
            let api = sandbox.api()

            #expect(try await api.get("/v1/jobs/job_0000000000000000").status == 404)
            #expect(try await api.get("/v1/presentations/prs_0000000000000000").status == 404)
            let answerUnknown = try await api.post("/v1/presentations/prs_0000000000000000/answer", #"{"action": "remove"}"#)
            #expect(answerUnknown.status == 404, "\(answerUnknown)")
            let cancelUnknown = try await api.post("/v1/jobs/job_0000000000000000/cancel", "")
            #expect(cancelUnknown.status == 404, "\(cancelUnknown)")

            let unknownOperation = try await api.post("/v1/operations", #"{"operation": "launchRocket"}"#)
            #expect(unknownOperation.status == 422, "\(unknownOperation)")
            #expect(unknownOperation.error?.code == .unknownOperation)
            #expect(unknownOperation.error?.message.contains("launchRocket") == true, "the broker's message is passed on")
            let badInput = try await api.post("/v1/operations", #"{"operation": "removeDownload", "input": {"trackID": 5}}"#)
            #expect(badInput.status == 422, "\(badInput)")
            #expect(badInput.error?.code == .invalidInput)

            let body = #"{"operation": "removeDownload", "input": \#(soWhat)}"#
            let first = try await api.post("/v1/operations", body, headers: ["Idempotency-Key": "order-1"])
            let again = try await api.post("/v1/operations", body, headers: ["Idempotency-Key": "order-1"])
            #expect(first.status == 202 && again.status == 202, "\(first) \(again)")
            let job = try first.decode(Job.self)
            #expect(try again.decode(Job.self).id == job.id)
            let all = try await api.get("/v1/jobs")
            #expect(try all.decode(JSONValue.self)["jobs"]?.decode(as: [Job].self).count == 1, "one job for one key: \(all)")

            let cancelled = try await api.post("/v1/jobs/\(job.id)/cancel", "")
            #expect([200, 202].contains(cancelled.status), "\(cancelled)")
            try await sandbox.waitOverHTTP(job.id, "cancelled") { $0.state == .cancelled }
            let twice = try await api.post("/v1/jobs/\(job.id)/cancel", "")
            #expect(twice.status == 409, "\(twice)")
            #expect(twice.error?.code == .notCancellable)
        }

        @Test("Health is 200 with a broker, metrics count jobs, and health is 503 once the broker is gone")
        func healthAndMetrics() async throws {
            let sandbox = try Sandbox("http-health")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            try await sandbox.startGateway()
            let api = sandbox.api()

            let health = try await api.get("/healthz")
            #expect(try health.decode([String: String].self) == ["status": "ok", "broker": "reachable"])
            let job = try await api.post("/v1/operations", #"{"operation": "noop"}"#).decode(Job.self)
            try await sandbox.waitOverHTTP(job.id, "finished") { $0.isFinished }
            let metrics = try await api.get("/metrics").text
            #expect(metrics.contains(#"interlude_jobs{state="succeeded"} 1"#), "\(metrics)")
            #expect(metrics.contains("interlude_pending_presentations 0"))
            #expect(metrics.contains("interlude_workers 1"))
            #expect(metrics.contains(#"http_requests_total{method="POST",route="/v1/operations",status="202"} 1"#))
            #expect(metrics.contains(#"http_request_duration_seconds_bucket{method="POST",route="/v1/operations",status="202",le="+Inf"} 1"#))

            sandbox.processes.first { $0.name == "broker" }?.kill()
            let down = try await api.get("/healthz")
            #expect(down.status == 503, "\(down)")
        }

        @Test("A copy of the binary alone in another folder serves the web page: its files are compiled in")
        func aCopiedBinaryServesThePage() async throws {
            let sandbox = try Sandbox("http-copied", demoLibrary: false)
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            let alone = sandbox.root.appendingPathComponent("elsewhere/bin", isDirectory: true)
            try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
            let copy = alone.appendingPathComponent("interlude")
            try FileManager.default.copyItem(at: sandbox.binary, to: copy)
            let gateway = try ProcessHandle(
                name: "copied-gateway", executable: copy, arguments: ["gateway"], environment: sandbox.environment(),
                directory: alone, logs: sandbox.logs)
            defer { gateway.kill() }
            try await sandbox.ready(gateway, "interlude gateway is up.")
            let page = try await sandbox.api().get("/")
            #expect(page.status == 200)
            #expect(page.text.contains("<script src=\"/app.js\" defer></script>"), "\(page)")
            let script = try await sandbox.api().get("/app.js")
            #expect(script.status == 200 && script.text.contains("startPage();"), "\(script.status)")
        }
    }
}
