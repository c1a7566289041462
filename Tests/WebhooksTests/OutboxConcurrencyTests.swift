import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing
import Wire

@testable import Webhooks

/// Several attempts in flight to one endpoint (`inFlight`), and the order and retry rules that hold with them.
@Suite struct OutboxConcurrencyTests {
    /// The most requests the receiver was handling at one moment.
    final class Overlap: Sendable {
        private let state = Mutex((now: 0, most: 0))

        func enter() {
            state.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
        }
        func leave() { state.withLock { $0.now -= 1 } }
        var most: Int { state.withLock { $0.most } }
    }

    /// `count` job.succeeded events, sequences 1…count, each of its own job.
    static func append(_ count: Int, to harness: OutboxHarness) {
        for sequence in 1...count { harness.source.append(OutboxEvents.succeeded(Int64(sequence), job: "job_\(sequence)")) }
    }

    /// Holds every request until `target` are held at once (then lets all through, for good), or until a
    /// bounded wait ends; counts the most held at one moment.
    final class Gate: Sendable {
        private struct State {
            var held = 0
            var most = 0
            var open = false
            var waiting: [CheckedContinuation<Void, Never>] = []
        }

        private let target: Int
        private let state = Mutex(State())

        init(opensAt target: Int) { self.target = target }

        /// Waits while the gate is shut, at most `seconds`.
        func pass(within seconds: Double = 10) async {
            let timer = Task {
                try? await Task.sleep(for: .seconds(seconds))
                self.releaseWaiting()
            }
            defer { timer.cancel() }
            await withCheckedContinuation { continuation in
                let resume = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                    state.held += 1
                    state.most = max(state.most, state.held)
                    if state.open { return [continuation] }
                    state.waiting.append(continuation)
                    guard state.held >= target else { return [] }
                    state.open = true
                    defer { state.waiting.removeAll() }
                    return state.waiting
                }
                for continuation in resume { continuation.resume() }
            }
            state.withLock { $0.held -= 1 }
        }

        /// Whether `target` requests were held at once.
        var opened: Bool { state.withLock { $0.open } }
        var most: Int { state.withLock { $0.most } }

        private func releaseWaiting() {
            let waiting = state.withLock { state in
                defer { state.waiting.removeAll() }
                return state.waiting
            }
            for continuation in waiting { continuation.resume() }
        }
    }

    @Test(arguments: [2, 8])
    func withSeveralInFlightThatManyRequestsToOneEndpointAreHeldAtOnce(inFlight: Int) async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let gate = Gate(opensAt: inFlight)
        let receiver = try OutboxReceiver(verifying: true) { _, _ in
            await gate.pass()
            return HTTPResponse(status: 204)
        }
        // Journaled before the dispatcher starts: it reads them in one page, so one round takes them all.
        Self.append(3 * inFlight, to: harness)
        let running = try harness.start([receiver.subscriber()], options: harness.options(timeout: .seconds(30), inFlight: inFlight))
        try await outboxEventually { try running.0.deliveries(state: .delivered).count == 3 * inFlight }
        let deliveries = try running.0.deliveries()
        try await harness.stop(running)
        try await receiver.stop()

        #expect(gate.opened, "\(inFlight) requests were in flight to the endpoint at once (most: \(gate.most))")
        #expect(gate.most == inFlight, "never more than inFlight at once: \(gate.most)")
        let key = receiver.subscriber().key
        #expect(receiver.received.count == 3 * inFlight, "each once, every signature valid")
        #expect(Set(receiver.received.map(\.id)) == Set((1...(3 * inFlight)).map { "msg_\($0)_\(key)" }))
        #expect(deliveries.allSatisfy { $0.attempts == 1 && $0.lastStatus == 204 })
    }

    @Test func withOneInFlightDeliveriesArriveOneAtATimeInEventOrder() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let overlap = Overlap()
        let receiver = try OutboxReceiver { _, _ in
            overlap.enter()
            await Task.yield()
            overlap.leave()
            return HTTPResponse(status: 204)
        }
        Self.append(20, to: harness)
        let running = try harness.start([receiver.subscriber()], options: harness.options(timeout: .seconds(30), inFlight: 1))
        try await outboxEventually { try running.0.deliveries(state: .delivered).count == 20 }
        try await harness.stop(running)
        try await receiver.stop()

        let key = receiver.subscriber().key
        #expect(overlap.most == 1)
        #expect(receiver.received.map(\.id) == (1...20).map { "msg_\($0)_\(key)" })
    }

    @Test func aFailingEndpointGetsOneWindowThenOneRetryAtATimeAndEachDeliveryEveryAttempt() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let receiver = try OutboxReceiver { _, _ in HTTPResponse(status: 503) }
        Self.append(6, to: harness)
        let running = try harness.start(
            [receiver.subscriber()], options: harness.options(maxAttempts: 3, backoff: .milliseconds(10), timeout: .seconds(30), inFlight: 4))
        try await outboxEventually { try running.0.deliveries(state: .failed).count == 6 }
        let deliveries = try running.0.deliveries()
        try await harness.stop(running)
        try await receiver.stop()

        let key = receiver.subscriber().key
        let ids = receiver.received.map(\.id)
        let id = { (sequence: Int) in "msg_\(sequence)_\(key)" }
        #expect(deliveries.allSatisfy { $0.attempts == 3 }, "each retried up to its limit: \(deliveries.map(\.attempts))")
        #expect(ids.count == 18, "no attempt beyond each delivery's three: \(ids)")
        guard ids.count == 18 else { return }
        #expect(Set(ids[0..<4]) == Set((1...4).map(id)), "the first window: \(ids)")
        #expect(Array(ids[4..<12]) == [1, 1, 2, 2, 3, 3, 4, 4].map(id), "then the failed ones retried one at a time, oldest first: \(ids)")
        #expect(Set(ids[12..<14]) == Set([5, 6].map(id)))
        #expect(Array(ids[14...]) == [5, 5, 6, 6].map(id))
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
