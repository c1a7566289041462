import Foundation
import HTTPServer
import TestSupport
import Testing
import Wire

@testable import Webhooks

/// The outbox survives a stopped dispatcher, and the follower fills gaps from the journal.
@Suite struct OutboxRestartTests {
    @Test func aDeliveryWaitingForItsRetryCompletesExactlyOnceAfterARestart() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let receiver = try OutboxReceiver(verifying: true) { index, _ in
            index == 0 ? HTTPResponse(status: 503, headers: ["Retry-After": "1"]) : HTTPResponse(status: 204)
        }
        let first = try harness.start([receiver.subscriber()])
        harness.source.append(OutboxEvents.pending(1))
        try await outboxEventually { try first.0.deliveries(state: .pending).first?.lastStatus == 503 }
        try await harness.stop(first)
        #expect(receiver.received.count == 1)

        let second = try harness.start([receiver.subscriber()])
        try await outboxEventually { try second.0.deliveries(state: .delivered).count == 1 }
        let deliveries = try second.0.deliveries()
        let metrics = second.0.metricsText()
        try await harness.stop(second)
        try await receiver.stop()

        #expect(deliveries.count == 1)
        #expect(deliveries.first?.attempts == 2)
        #expect(receiver.received.count == 2)
        #expect(Set(receiver.received.map(\.id)).count == 1)
        #expect(metrics.contains("interlude_webhook_deliveries_total{result=\"delivered\"} 1\n"))
    }

    @Test func anAttemptCutShortByStoppingIsGivenBackAndRetriedByTheNextRun() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let receiver = try OutboxReceiver { index, _ in
            if index == 0 { try? await Task.sleep(for: .seconds(10)) }
            return HTTPResponse(status: 204)
        }
        let options = harness.options(timeout: .seconds(5))
        let first = try harness.start([receiver.subscriber()], options: options)
        harness.source.append(OutboxEvents.pending(1))
        try await outboxEventually { receiver.received.count == 1 }
        try await harness.stop(first)
        let abandoned = try #require(try first.0.deliveries().first)
        #expect(abandoned.state == .pending)
        #expect(abandoned.attempts == 0)

        let second = try harness.start([receiver.subscriber()], options: options)
        try await outboxEventually { try second.0.deliveries(state: .delivered).count == 1 }
        try await harness.stop(second)
        try await receiver.stop()
        #expect(receiver.received.count == 2)
        #expect(try second.0.deliveries().first?.attempts == 1)
    }

    @Test func eventsJournaledBeforeTheStartAndMissedLiveAreFetchedInOrder() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let receiver = try OutboxReceiver()
        harness.source.append(OutboxEvents.pending(1))
        let running = try harness.start([receiver.subscriber()])
        try await outboxEventually { receiver.received.count == 1 }
        harness.source.append(OutboxEvents.succeeded(2), live: false)
        harness.source.append(OutboxEvents.pending(3, job: "job_2", presentation: "prs_2"))
        try await outboxEventually { receiver.received.count == 3 }
        harness.source.append(OutboxEvents.succeeded(4, job: "job_2"), live: false)
        harness.source.heartbeat()
        try await outboxEventually { receiver.received.count == 4 }
        try await harness.stop(running)
        try await receiver.stop()

        let key = receiver.subscriber().key
        #expect(receiver.received.map(\.id) == [1, 2, 3, 4].map { "msg_\($0)_\(key)" })
    }

    @Test func onlySubscribedEventTypesAreDelivered() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let receiver = try OutboxReceiver()
        let running = try harness.start([receiver.subscriber(events: [.jobSucceeded])])
        harness.source.append(OutboxEvents.queued(1))
        harness.source.append(OutboxEvents.pending(2))
        harness.source.append(OutboxEvents.succeeded(3))
        try await outboxEventually { try running.0.deliveries(state: .delivered).count == 1 }
        #expect(try running.0.store.cursor() == 3)
        let deliveries = try running.0.deliveries()
        try await harness.stop(running)
        try await receiver.stop()

        #expect(deliveries.map(\.eventType) == ["job.succeeded"])
        #expect(receiver.received.map { $0.json["type"] as? String } == ["job.succeeded"])
    }

    @Test func aSlowEndpointDoesNotHoldUpAnother() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let slow = try OutboxReceiver { _, _ in
            try? await Task.sleep(for: .seconds(10))
            return HTTPResponse(status: 204)
        }
        let fast = try OutboxReceiver()
        let running = try harness.start([slow.subscriber(), fast.subscriber()], options: harness.options(timeout: .seconds(5)))
        harness.source.append(OutboxEvents.pending(1))
        harness.source.append(OutboxEvents.succeeded(2))
        try await outboxEventually { fast.received.count == 2 }
        #expect(slow.received.count == 1)
        try await harness.stop(running)
        try await slow.stop()
        try await fast.stop()
    }
}
