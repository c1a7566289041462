import Foundation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// `interlude gateway` with several webhook attempts in flight to one endpoint (`webhookInFlight`):
    /// every event still arrives once, signed, over a few kept-alive connections.
    @Suite(
        "Outgoing webhooks in flight",
        .enabled(if: WebhookReceiver.available, "needs /usr/bin/python3 for the test receiver"))
    struct OutgoingWebhooksInFlight {
        @Test("With webhookInFlight 4, 24 job.succeeded deliveries arrive once each over at most a few reused connections")
        func concurrentDeliveriesReuseTheirConnections() async throws {
            let sandbox = try Sandbox("webhooks-in-flight")
            defer { sandbox.shutdown() }
            let receiver = try await WebhookReceiver(sandbox, name: "many", secret: OutgoingWebhooks.secret)
            defer { receiver.stop() }
            try await sandbox.startAll(
                gateway: OutgoingWebhooks.settings(
                    receiver, ["INTERLUDE_WEBHOOK_EVENTS": "job.succeeded", "INTERLUDE_WEBHOOK_IN_FLIGHT": "4", "INTERLUDE_WEBHOOK_TIMEOUT_MS": "30000"]))
            let api = sandbox.api()
            var jobs: Set<String> = []
            for _ in 0..<24 {
                let submitted = try await api.post("/v1/operations", #"{"operation": "noop"}"#)
                guard submitted.status == 202 else { throw EndToEndFailure("submit: \(submitted)") }
                jobs.insert(try submitted.decode(Job.self).id)
            }

            let all = try await receiver.waitFor("a job.succeeded delivery for each of the 24 jobs") { requests in
                Set(requests.compactMap(\.jobID)).isSuperset(of: jobs) ? requests : nil
            }
            #expect(all.count == 24, "each event once: \(all)")
            #expect(all.allSatisfy { $0.type == "job.succeeded" && $0.verified == true && $0.delivered })
            let connections = Set(all.compactMap(\.client))
            #expect(
                !connections.isEmpty && connections.count <= 6,
                "24 deliveries over \(connections.count) kept-alive connection(s), not one each: \(connections.sorted())")
        }
    }
}
