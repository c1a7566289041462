import Foundation
import HTTPServer
import Synchronization
import Testing
import Wire

@testable import Webhooks

/// Several attempts in flight to one endpoint (`inFlight`), and the order and retry rules that hold with them.
@Suite struct OutboxConcurrencyTests {
    /// The most requests the receiver was handling at one moment.
    final class Overlap: Sendable {
        private let state = Mutex((now: 0, most: 0))

        func enter() { state.withLock { $0.now += 1; $0.most = max($0.most, $0.now) } }
        func leave() { state.withLock { $0.now -= 1 } }
        var most: Int { state.withLock { $0.most } }
    }

    /// `count` job.succeeded events, sequences 1…count, each of its own job.
    static func append(_ count: Int, to harness: OutboxHarness) {
        for sequence in 1...count { harness.source.append(OutboxEvents.succeeded(Int64(sequence), job: "job_\(sequence)")) }
    }

    @Test func upToInFlightAttemptsRunAtOnceToOneEndpointAndEachIsDeliveredOnce() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let overlap = Overlap()
        let receiver = try OutboxReceiver(verifying: true) { _, _ in
            overlap.enter()
            try? await Task.sleep(for: .milliseconds(150))
            overlap.leave()
            return HTTPResponse(status: 204)
        }
        let running = try harness.start([receiver.subscriber()], options: harness.options(timeout: .seconds(30), inFlight: 4))
        Self.append(12, to: harness)
        try await outboxEventually { try running.0.deliveries(state: .delivered).count == 12 }
        let deliveries = try running.0.deliveries()
        try await harness.stop(running)
        try await receiver.stop()

        let key = receiver.subscriber().key
        #expect(overlap.most > 1, "attempts overlapped")
        #expect(overlap.most <= 4, "never more than inFlight at once: \(overlap.most)")
        #expect(receiver.received.count == 12, "each once, every signature valid")
        #expect(Set(receiver.received.map(\.id)) == Set((1...12).map { "msg_\($0)_\(key)" }))
        #expect(deliveries.allSatisfy { $0.attempts == 1 && $0.lastStatus == 204 })
    }

    @Test func afterAFailedAttemptNoLaterDeliveryStartsUntilItIsDelivered() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let seen = Seen()
        let receiver = try OutboxReceiver { _, request in
            let id = request.headers[WebhookHeader.id] ?? ""
            return id.hasPrefix("msg_1_") && seen.first(id) ? HTTPResponse(status: 500) : HTTPResponse(status: 204)
        }
        let running = try harness.start([receiver.subscriber()], options: harness.options(backoff: .milliseconds(300), timeout: .seconds(30), inFlight: 3))
        Self.append(10, to: harness)
        try await outboxEventually { try running.0.deliveries(state: .delivered).count == 10 }
        let first = try running.0.deliveries().first { $0.sequence == 1 }
        try await harness.stop(running)
        try await receiver.stop()

        let key = receiver.subscriber().key
        let ids = receiver.received.map(\.id)
        let retry = try #require(ids.indices.filter { ids[$0] == "msg_1_\(key)" }.dropFirst().first, "event 1 was sent again: \(ids)")
        #expect(Set(ids[..<retry]).isSubset(of: [1, 2, 3].map { "msg_\($0)_\(key)" }), "only the window of 3 went ahead of the retry: \(ids)")
        #expect(ids.count == 11, "event 1 twice, every other once: \(ids)")
        #expect(first?.attempts == 2)
    }

    @Test func withOneInFlightAFailureHoldsBackEveryLaterEventAndOrderIsKept() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let receiver = try OutboxReceiver { index, _ in index == 0 ? HTTPResponse(status: 503) : HTTPResponse(status: 204) }
        let running = try harness.start([receiver.subscriber()], options: harness.options(backoff: .milliseconds(100), timeout: .seconds(30)))
        Self.append(5, to: harness)
        try await outboxEventually { try running.0.deliveries(state: .delivered).count == 5 }
        try await harness.stop(running)
        try await receiver.stop()

        let key = receiver.subscriber().key
        #expect(receiver.received.map(\.id) == [1, 1, 2, 3, 4, 5].map { "msg_\($0)_\(key)" })
    }

    @Test func aRoundStoppedByAGoneEndpointLeavesNoLaterDeliveryCountedOrPending() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let receiver = try OutboxReceiver { _, _ in HTTPResponse(status: 410) }
        let running = try harness.start([receiver.subscriber()], options: harness.options(timeout: .seconds(30), inFlight: 2))
        Self.append(6, to: harness)
        try await outboxEventually { try running.0.deliveries(state: .disabled).count == 6 }
        let all = try running.0.deliveries()
        try await harness.stop(running)
        try await receiver.stop()

        #expect(receiver.received.count <= 2, "at most the first window was sent: \(receiver.received.map(\.id))")
        let sent = Set(receiver.received.map(\.id))
        #expect(all.allSatisfy { $0.attempts == (sent.contains($0.id) ? 1 : 0) }, "only attempts made are counted: \(all)")
    }

    /// The webhook-ids a receiver has seen.
    final class Seen: Sendable {
        private let ids = Mutex<Set<String>>([])

        /// Whether `id` is seen for the first time.
        func first(_ id: String) -> Bool { ids.withLock { $0.insert(id).inserted } }
    }
}
