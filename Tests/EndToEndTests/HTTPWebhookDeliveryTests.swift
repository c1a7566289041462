import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// Outgoing webhooks from `interlude gateway` to a scripted receiver (`Receiver/receiver.py`), with a
    /// real broker and worker: signing, answering from a delivery, retries, restarts, dead letters, redirects.
    @Suite(
        "Outgoing webhooks",
        .enabled(if: WebhookReceiver.available, "needs /usr/bin/python3 for the test receiver"))
    struct OutgoingWebhooks {
        static let secret = "whsec_" + Data((1...32).map { UInt8($0) }).base64EncodedString()
        static let removeBlueInGreen = #"{"operation": "removeDownload", "input": \#(blueInGreen)}"#

        /// The gateway settings that send every default event to `receiver`, retrying after ~50 ms.
        static func settings(_ receiver: WebhookReceiver, _ extra: [String: String] = [:]) -> [String: String] {
            [
                "INTERLUDE_WEBHOOK_URL": receiver.url,
                "INTERLUDE_WEBHOOK_SECRET": secret,
                "INTERLUDE_WEBHOOK_BACKOFF_MS": "50",
                "INTERLUDE_WEBHOOK_TIMEOUT_MS": "2000",
            ].merging(extra) { _, new in new }
        }

        /// Submits `removeDownload` over HTTP and returns the job id.
        static func submit(_ sandbox: Sandbox) async throws -> String {
            let submitted = try await sandbox.api().post("/v1/operations", removeBlueInGreen)
            guard submitted.status == 202 else { throw EndToEndFailure("submit: \(submitted)") }
            return try submitted.decode(Job.self).id
        }

        /// Checks the signature with the README's openssl recipe too, independently of the receiver's check.
        static func expectSigned(_ request: ReceivedWebhook, sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(request.verified == true, "the receiver's HMAC check: \(request)", sourceLocation: sourceLocation)
            let timestamp = try #require(Int(request.timestamp), "webhook-timestamp \(request.timestamp)", sourceLocation: sourceLocation)
            #expect(abs(Date().timeIntervalSince1970 - Double(timestamp)) < 300, "timestamp within the 5-minute tolerance", sourceLocation: sourceLocation)
            let expected = try WebhookSigning.headers(secret: secret, id: request.id, body: request.body, timestamp: timestamp)
            #expect(
                request.signature.split(separator: " ").contains { $0 == expected["webhook-signature"] ?? "" },
                "openssl's signature \(expected["webhook-signature"] ?? "") is in \(request.signature)", sourceLocation: sourceLocation)
        }

        @Test("presentation.pending arrives signed with the answer URL and actions; answering from it sends resolved and succeeded")
        func receivedVerifiedAndAnsweredFromTheDelivery() async throws {
            let sandbox = try Sandbox("webhooks-out")
            defer { sandbox.shutdown() }
            let receiver = try await WebhookReceiver(sandbox, name: "subscriber", secret: Self.secret)
            defer { receiver.stop() }
            try await sandbox.startAll(gateway: Self.settings(receiver))
            let job = try await Self.submit(sandbox)

            let pending = try await receiver.waitFor("presentation.pending for \(job)") { requests in
                requests.first { $0.type == "presentation.pending" && $0.jobID == job }
            }
            #expect(pending.method == "POST")
            #expect(pending.path == "/hooks/subscriber")
            #expect(pending.headers["content-type"] == "application/json")
            #expect(pending.id.wholeMatch(of: /msg_\d+_[0-9a-f]{16}/) != nil, "stable webhook-id: \(pending.id)")
            try Self.expectSigned(pending)
            let question = try await sandbox.questionOverHTTP(job)
            #expect(pending.data["presentation"]?["id"]?.stringValue == question.id)
            let answer = try #require(pending.data["answer"], "the delivery carries how to answer: \(pending.body)")
            let answerURL = try #require(answer["url"]?.stringValue)
            #expect(answerURL == "\(sandbox.gatewayURL)/v1/presentations/\(question.id)/answer")
            #expect(answer["method"]?.stringValue == "POST")
            let actions = try #require(answer["actions"]).decode(as: [Action].self)
            #expect(actions.map(\.id) == ["remove", "cancel"])
            #expect(actions.map(\.role) == question.actions.map(\.role))

            // A subscriber answers by webhook: the URL from the delivery, one of its action ids.
            let answered = try await GatewayHTTP(base: "").post(
                answerURL, #"{"action": "\#(actions[0].id)"}"#, headers: ["X-Interlude-Channel": "webhook"])
            #expect(answered.status == 200, "\(answered)")
            #expect(try answered.decode(Resolution.self).channel == "webhook")

            let all = try await receiver.waitFor("presentation.resolved and job.succeeded for \(job)") { requests in
                let types = Set(requests.filter { $0.jobID == job }.map(\.type))
                return types.isSuperset(of: ["presentation.resolved", "job.succeeded"]) ? requests : nil
            }
            // Several deliveries are in flight at once (webhookInFlight 8): the receiver orders by data.sequence.
            let ordered = all.sorted { $0.sequence < $1.sequence }
            #expect(ordered.map(\.type) == ["presentation.pending", "presentation.resolved", "job.succeeded"], "each event, nothing else: \(all)")
            #expect(Set(all.map(\.id)).count == 3, "one webhook-id per event")
            for request in all { try Self.expectSigned(request) }
            let resolution = try #require(all[1].data["resolution"]).decode(as: Resolution.self)
            #expect(resolution.action == "remove")
            #expect(resolution.channel == "webhook")
            #expect(all[2].data["job"]?["result"] == .object(["removed": .bool(true)]))
            #expect(!FileManager.default.fileExists(atPath: TestLibrary.download("t-101", in: sandbox.library).path))

            let outbox = try await sandbox.waitForDeliveries("three delivered deliveries") { deliveries in
                deliveries.count == 3 && deliveries.allSatisfy { $0.state == "delivered" } ? deliveries : nil
            }
            #expect(Set(outbox.map(\.id)) == Set(all.map(\.id)))
            #expect(outbox.allSatisfy { $0.attempts == 1 && $0.lastStatus == 200 && $0.url == "http://127.0.0.1:\(receiver.port)/…" }, "\(outbox)")
        }

        @Test("A receiver that fails twice then succeeds gets the same webhook-id three times; the delivery ends delivered after 3 attempts")
        func failsFirstThenSucceeds() async throws {
            let sandbox = try Sandbox("webhooks-retry")
            defer { sandbox.shutdown() }
            let receiver = try await WebhookReceiver(sandbox, name: "flaky", statuses: "500,500,200", secret: Self.secret)
            defer { receiver.stop() }
            try await sandbox.startAll(gateway: Self.settings(receiver))
            let job = try await Self.submit(sandbox)

            let attempts = try await receiver.waitFor("three attempts at presentation.pending") { requests in
                requests.count >= 3 ? Array(requests.prefix(3)) : nil
            }
            #expect(attempts.map(\.status) == [500, 500, 200])
            #expect(attempts.allSatisfy { $0.type == "presentation.pending" && $0.jobID == job }, "\(attempts)")
            #expect(Set(attempts.map(\.id)).count == 1, "the same webhook-id on every attempt: \(attempts)")
            #expect(Set(attempts.map(\.body)).count == 1, "the same bytes on every attempt")
            for attempt in attempts { try Self.expectSigned(attempt) }

            let delivery = try await sandbox.waitForDeliveries("the delivery to be delivered") { deliveries in
                deliveries.first { $0.id == attempts[0].id && $0.state == "delivered" }
            }
            #expect(delivery.attempts == 3)
            #expect(delivery.lastStatus == 200)
            #expect(delivery.lastError == nil)
            #expect(delivery.eventType == "presentation.pending")
            let metrics = try await sandbox.api().get("/metrics").text
            #expect(metrics.contains(#"interlude_webhook_deliveries_total{result="retried"} 2"#), "\(metrics)")
        }

        @Test("SIGKILL of the gateway while a delivery waits for its retry: after a restart it arrives once, and events of the downtime follow")
        func gatewayRestartMidRetry() async throws {
            let sandbox = try Sandbox("webhooks-restart")
            defer { sandbox.shutdown() }
            // Retry-After: 1 keeps the failed delivery waiting about a second, so the kill lands between attempts.
            let failing = try await WebhookReceiver(sandbox, name: "down", statuses: "500", secret: Self.secret, retryAfter: "1")
            defer { failing.stop() }
            let settings = Self.settings(failing)
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            let gateway = try await sandbox.startGateway(environment: settings)
            let job = try await Self.submit(sandbox)

            let waiting = try await sandbox.waitForDeliveries("a failed attempt waiting for its retry") { deliveries in
                deliveries.first { $0.eventType == "presentation.pending" && $0.state == "pending" && $0.lastStatus == 500 }
            }
            #expect(waiting.nextAttemptAt != nil)
            let killed = gateway.kill()
            #expect(killed?.signalled == true, "\(killed.map(\.description) ?? "still running")")
            failing.stop()
            let failed = try failing.requests()
            #expect(!failed.isEmpty && failed.allSatisfy { $0.id == waiting.id && $0.status == 500 }, "\(failed)")

            // While the gateway is down the question is answered and the job ends: those events must not be lost.
            let question = try await sandbox.question(of: job)
            let answered = try await sandbox.cli("answer", question.id, "remove")
            #expect(answered.status == 0, "\(answered)")
            #expect(try await sandbox.waitForEnd(of: job).state == .succeeded)

            let healthy = try await WebhookReceiver(sandbox, name: "down", secret: Self.secret, port: failing.port, log: failing.log)
            defer { healthy.stop() }
            #expect(healthy.url == failing.url)
            try await sandbox.startGateway(name: "gateway-2", environment: settings)

            let all = try await receiver(healthy, job: job, expecting: ["presentation.pending", "presentation.resolved", "job.succeeded"])
            let after = Array(all.dropFirst(failed.count)).sorted { $0.sequence < $1.sequence }
            #expect(after.map(\.type) == ["presentation.pending", "presentation.resolved", "job.succeeded"], "each once: \(after)")
            #expect(after.allSatisfy { $0.status == 200 })
            #expect(after.first?.id == waiting.id, "the same webhook-id after the restart")
            for id in Set(all.map(\.id)) {
                #expect(all.filter { $0.id == id && $0.delivered }.count == 1, "\(id) delivered exactly once: \(all)")
            }
            for request in after { try Self.expectSigned(request) }

            let outbox = try await sandbox.waitForDeliveries("every delivery delivered") { deliveries in
                deliveries.count == 3 && deliveries.allSatisfy { $0.state == "delivered" } ? deliveries : nil
            }
            #expect(outbox.first { $0.id == waiting.id }?.attempts == failed.count + 1, "\(outbox)")
        }

        @Test("With webhookMaxAttempts=2 a receiver that always fails dead-letters each delivery, listed as failed")
        func deadLetter() async throws {
            let sandbox = try Sandbox("webhooks-dead")
            defer { sandbox.shutdown() }
            let receiver = try await WebhookReceiver(sandbox, name: "broken", statuses: "500", secret: Self.secret)
            defer { receiver.stop() }
            try await sandbox.startAll(gateway: Self.settings(receiver, ["INTERLUDE_WEBHOOK_MAX_ATTEMPTS": "2"]))
            let job = try await Self.submit(sandbox)

            let dead = try await sandbox.eventually("a failed delivery in ?state=failed") {
                try await sandbox.deliveries(state: "failed").first { $0.eventType == "presentation.pending" }
            }
            #expect(dead.attempts == 2)
            #expect(dead.lastStatus == 500)
            #expect(dead.lastError == "HTTP 500")
            #expect(dead.nextAttemptAt == nil)
            #expect(try receiver.requests().filter { $0.id == dead.id }.map(\.status) == [500, 500])

            // A dead letter does not block the endpoint: later events are attempted, and dead-lettered too.
            let question = try await sandbox.questionOverHTTP(job)
            let answered = try await sandbox.api().post("/v1/presentations/\(question.id)/answer", #"{"action": "remove"}"#)
            #expect(answered.status == 200, "\(answered)")
            let failed = try await sandbox.waitForDeliveries("three dead letters") { deliveries in
                deliveries.count == 3 && deliveries.allSatisfy { $0.state == "failed" } ? deliveries : nil
            }
            #expect(failed.allSatisfy { $0.attempts == 2 }, "\(failed)")
            #expect(Set(failed.map(\.eventType)) == ["presentation.pending", "presentation.resolved", "job.succeeded"])
            #expect(try await sandbox.deliveries(state: "failed").count == 3)
            #expect(try await sandbox.deliveries(state: "pending").isEmpty)
            #expect(try receiver.requests().count == 6)
        }

        @Test("A 302 is a failure and never followed: the address it points to gets nothing")
        func redirectsAreNotFollowed() async throws {
            let sandbox = try Sandbox("webhooks-redirect")
            defer { sandbox.shutdown() }
            let elsewhere = try await WebhookReceiver(sandbox, name: "elsewhere")
            defer { elsewhere.stop() }
            let redirecting = try await WebhookReceiver(
                sandbox, name: "redirecting", statuses: "302", secret: Self.secret, location: "\(elsewhere.url)/stolen")
            defer { redirecting.stop() }
            try await sandbox.startAll(gateway: Self.settings(redirecting, ["INTERLUDE_WEBHOOK_MAX_ATTEMPTS": "2"]))
            let job = try await Self.submit(sandbox)

            let dead = try await sandbox.eventually("the redirected delivery to be dead-lettered") {
                try await sandbox.deliveries(state: "failed").first { $0.eventType == "presentation.pending" }
            }
            #expect(dead.attempts == 2)
            #expect(dead.lastStatus == 302)
            #expect(dead.lastError?.contains("redirects are not followed") == true, "\(dead)")
            #expect(try redirecting.requests().map(\.status) == [302, 302])

            // More events, more redirects: still nothing reaches the other address.
            let question = try await sandbox.questionOverHTTP(job)
            _ = try await sandbox.api().post("/v1/presentations/\(question.id)/answer", #"{"action": "remove"}"#)
            _ = try await sandbox.waitForDeliveries("every delivery dead-lettered") { deliveries in
                deliveries.count == 3 && deliveries.allSatisfy { $0.state == "failed" && $0.lastStatus == 302 } ? deliveries : nil
            }
            #expect(try redirecting.requests().count == 6)
            let stolen = try elsewhere.requests()
            #expect(stolen.isEmpty, "the redirect target was contacted: \(stolen)")
        }

        /// Waits until the receiver has a delivered request of each of `types` for `job`; returns every request.
        private func receiver(_ receiver: WebhookReceiver, job: String, expecting types: Set<String>) async throws -> [ReceivedWebhook] {
            try await receiver.waitFor("delivered \(types.sorted()) for \(job)") { requests in
                Set(requests.filter { $0.delivered && $0.jobID == job }.map(\.type)).isSuperset(of: types) ? requests : nil
            }
        }
    }
}
