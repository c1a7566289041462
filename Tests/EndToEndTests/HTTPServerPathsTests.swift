import Foundation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// A failed job's error may name the server's folders: `interlude status` on the server shows them, the
    /// HTTP API does not (issue: API error messages showed absolute server paths).
    @Suite("Server paths over HTTP") struct ServerPathsOverHTTP {
        @Test(
            "A failed job's message names no absolute server path over HTTP (jobs, job, history, submit, events, webhooks); `interlude status` keeps it whole",
            .enabled(if: WebhookReceiver.available, "needs /usr/bin/python3 for the test receiver"))
        func aFailedJobsMessageHidesServerPathsOverHTTP() async throws {
            let sandbox = try Sandbox("server-paths")
            defer { sandbox.shutdown() }
            let receiver = try await WebhookReceiver(sandbox, name: "subscriber", secret: OutgoingWebhooks.secret)
            defer { receiver.stop() }
            try await sandbox.startAll(gateway: OutgoingWebhooks.settings(receiver))
            let events = try SSEConnection(port: try sandbox.gatewayPort, target: "/v1/events")
            defer { events.close() }
            try await events.opened()
            let body = #"{"operation": "removeDownload", "input": {"trackID": "t-999", "title": "Nothing"}}"#
            let submitted = try await sandbox.api().post("/v1/operations", body, headers: ["Idempotency-Key": "missing-track"])
            #expect(submitted.status == 202, "\(submitted)")
            let job = try submitted.decode(Job.self).id
            let failed = try await sandbox.waitOverHTTP(job, "the job to fail") { $0.state == .failed }
            #expect(failed.error?.code == "downloadNotFound")
            #expect(failed.error?.message == #"no download for track "t-999" in …/downloads"#, "\(String(describing: failed.error))")

            let root = sandbox.root.path
            for target in ["/v1/jobs/\(job)", "/v1/jobs", "/v1/jobs/\(job)/history"] {
                let reply = try await sandbox.api().get(target)
                #expect(reply.status == 200, "\(target): \(reply.status)")
                #expect(!reply.text.contains(root), "\(target) shows a server path: \(reply.text)")
                #expect(reply.text.contains("…/downloads"), "\(target): \(reply.text)")
            }
            // The same submit again answers with the job as it stands, failed: its message is shortened too.
            let again = try await sandbox.api().post("/v1/operations", body, headers: ["Idempotency-Key": "missing-track"])
            #expect(try again.decode(Job.self).id == job, "\(again)")
            #expect(!again.text.contains(root) && again.text.contains("…/downloads"), "\(again.text)")

            let streamed = try await events.messages(2)
            #expect(streamed.map(\.event) == ["job.queued", "job.failed"], "\(streamed)")
            #expect(!(streamed.last?.data.contains(root) ?? true) && streamed.last?.data.contains("…/downloads") == true, "\(streamed)")
            let delivered = try await receiver.waitFor("job.failed for \(job)") { requests in requests.first { $0.type == "job.failed" } }
            #expect(!delivered.body.contains(root) && delivered.body.contains("…/downloads"), "\(delivered.body)")

            let status = try await sandbox.cli("status", job)
            #expect(status.output.contains("\(sandbox.library.path)/downloads"), "the server's own view keeps the path: \(status)")
        }
    }
}
