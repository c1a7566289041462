import Foundation
import HTTPServer
import TestSupport
import Testing
import Wire

@testable import Webhooks

/// Deliveries over real HTTP on 127.0.0.1 to a scripted receiver.
@Suite struct OutboxDeliveryTests {
    @Test func aPendingPresentationArrivesSignedWithTheAnswerLinkAndActions() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let receiver = try OutboxReceiver(verifying: true)
        let running = try harness.start([receiver.subscriber()])
        harness.source.append(OutboxEvents.pending(1))
        try await outboxEventually { try running.0.deliveries(state: .delivered).count == 1 }
        try await harness.stop(running)
        try await receiver.stop()

        let hit = try #require(receiver.received.first)
        #expect(receiver.received.count == 1)
        #expect(hit.id == "msg_1_\(receiver.subscriber().key)")
        #expect(hit.request.headers["content-type"] == "application/json")
        #expect(hit.request.headers["user-agent"] == "interlude/1")
        try WebhookVerifier(secret: receiver.secret).verify(header: { hit.request.headers[$0] }, body: hit.request.body)
        #expect(hit.json["type"] as? String == "presentation.pending")
        #expect(hit.json["timestamp"] as? String == "2026-11-18T11:06:40.000Z")
        let data = try #require(hit.json["data"] as? [String: Any])
        #expect((data["presentation"] as? [String: Any])?["id"] as? String == "prs_1")
        #expect((data["job"] as? [String: Any])?["id"] as? String == "job_1")
        let answer = try #require(data["answer"] as? [String: Any])
        #expect(answer["url"] as? String == "https://gateway.example/v1/presentations/prs_1/answer")
        #expect(answer["method"] as? String == "POST")
        let actions = try #require(answer["actions"] as? [[String: Any]])
        #expect(actions.map { $0["id"] as? String } == ["remove", "cancel"])
        #expect(actions.map { $0["role"] as? String } == ["destructive", "cancel"])
        #expect(actions.first?["label"] as? String == "Remove")
    }

    @Test func aReceiverThatFailsThenTimesOutThenSucceedsGetsOneSuccessAfterThreeAttempts() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let receiver = try OutboxReceiver(verifying: true) { index, _ in
            switch index {
            case 0: return HTTPResponse(status: 500)
            case 1:
                try? await Task.sleep(for: .seconds(2))
                return HTTPResponse(status: 200)
            default: return HTTPResponse(status: 204)
            }
        }
        let running = try harness.start([receiver.subscriber()], options: harness.options(timeout: .milliseconds(600)))
        harness.source.append(OutboxEvents.pending(1))
        try await outboxEventually { try running.0.deliveries(state: .delivered).count == 1 }
        let delivery = try #require(try running.0.deliveries().first)
        let metrics = running.0.metricsText()
        try await harness.stop(running)
        try await receiver.stop()

        #expect(delivery.attempts == 3)
        #expect(delivery.lastStatus == 204)
        #expect(delivery.lastError == nil)
        #expect(receiver.received.count == 3)
        #expect(Set(receiver.received.map(\.id)) == [delivery.id])
        #expect(metrics.contains("interlude_webhook_deliveries_total{result=\"delivered\"} 1\n"))
        #expect(metrics.contains("interlude_webhook_deliveries_total{result=\"failed\"} 2\n"))
        #expect(metrics.contains("interlude_webhook_deliveries_total{result=\"retried\"} 2\n"))
        #expect(metrics.contains("interlude_webhook_pending 0\n"))
    }

    @Test func aRedirectIsAFailureAndIsNeverFollowed() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let elsewhere = try OutboxReceiver()
        let target = elsewhere.url.absoluteString
        let receiver = try OutboxReceiver { _, _ in HTTPResponse(status: 307, headers: ["Location": target]) }
        let running = try harness.start([receiver.subscriber()], options: harness.options(maxAttempts: 2))
        harness.source.append(OutboxEvents.pending(1))
        try await outboxEventually { try running.0.deliveries(state: .failed).count == 1 }
        let delivery = try #require(try running.0.deliveries(state: .failed).first)
        try await harness.stop(running)
        try await receiver.stop()
        try await elsewhere.stop()

        #expect(delivery.attempts == 2)
        #expect(delivery.lastStatus == 307)
        #expect(delivery.lastError?.contains("redirect") == true)
        #expect(receiver.received.count == 2)
        #expect(elsewhere.received.isEmpty)
    }

    @Test func retryAfterIsHonouredWhenLongerThanTheBackoff() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let receiver = try OutboxReceiver { index, _ in
            index == 0 ? HTTPResponse(status: 503, headers: ["Retry-After": "1"]) : HTTPResponse(status: 204)
        }
        let running = try harness.start([receiver.subscriber()])
        harness.source.append(OutboxEvents.pending(1))
        try await outboxEventually { try running.0.deliveries(state: .delivered).count == 1 }
        try await harness.stop(running)
        try await receiver.stop()

        let hits = receiver.received
        #expect(hits.count == 2)
        #expect(hits[1].at - hits[0].at >= .milliseconds(990))
    }

    @Test func goneDisablesTheEndpointAndItsPendingAndFutureDeliveries() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let receiver = try OutboxReceiver { _, _ in HTTPResponse(status: 410) }
        let running = try harness.start([receiver.subscriber()])
        harness.source.append(OutboxEvents.pending(1))
        harness.source.append(OutboxEvents.succeeded(2))
        try await outboxEventually { try running.0.deliveries(state: .disabled).count == 2 }
        harness.source.append(OutboxEvents.succeeded(3, job: "job_2"))
        try await outboxEventually { try running.0.store.cursor() == 3 }
        let all = try running.0.deliveries()
        let metrics = running.0.metricsText()
        try await harness.stop(running)
        try await receiver.stop()

        #expect(receiver.received.count == 1)
        #expect(all.map(\.sequence) == [2, 1])
        #expect(all.first { $0.sequence == 1 }?.lastStatus == 410)
        #expect(metrics.contains("interlude_webhook_deliveries_total{result=\"disabled\"} 1\n"))
    }

    @Test func aDeliveryIsDeadLetteredAfterTheLastAttempt() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let receiver = try OutboxReceiver { _, _ in HTTPResponse(status: 500) }
        let running = try harness.start([receiver.subscriber()], options: harness.options(maxAttempts: 3))
        harness.source.append(OutboxEvents.pending(1))
        try await outboxEventually { try running.0.deliveries(state: .failed).count == 1 }
        let failed = try running.0.deliveries(state: .failed)
        let metrics = running.0.metricsText()
        try await harness.stop(running)
        try await receiver.stop()

        #expect(failed.first?.attempts == 3)
        #expect(failed.first?.lastStatus == 500)
        #expect(failed.first?.lastError == "HTTP 500")
        #expect(failed.first?.nextAttemptAt == nil)
        #expect(receiver.received.count == 3)
        #expect(metrics.contains("interlude_webhook_deliveries_total{result=\"dead_lettered\"} 1\n"))
    }
}
