import Foundation
import Testing
import Wire

@testable import Webhooks

/// The pure parts: retry decisions, Retry-After, and following the event sequence.
@Suite struct OutboxPolicyTests {
    private let policy = WebhookRetryPolicy(maxAttempts: 4, base: 1, cap: 10)
    private let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test(arguments: [(1, 1.0), (2, 2.0), (3, 4.0), (4, 8.0), (5, 10.0), (40, 10.0)])
    func theDelayCeilingDoublesPerAttemptUpToTheCap(attempt: Int, ceiling: Double) {
        #expect(policy.delay(afterAttempt: attempt, unit: { 1 }) == ceiling)
        #expect(policy.delay(afterAttempt: attempt, unit: { 0 }) == 0)
        #expect(policy.delay(afterAttempt: attempt, unit: { 0.5 }) == ceiling / 2)
    }

    @Test func aLongerRetryAfterWinsButNeverPastTheCap() {
        #expect(policy.delay(afterAttempt: 1, retryAfter: 3, unit: { 1 }) == 3)
        #expect(policy.delay(afterAttempt: 4, retryAfter: 3, unit: { 1 }) == 8)
        #expect(policy.delay(afterAttempt: 1, retryAfter: 3_600, unit: { 1 }) == 10)
    }

    @Test(arguments: [
        ("120", 120.0), (" 5 ", 5.0), ("Wed, 18 Nov 2026 11:07:10 GMT", 30.0), ("Wed, 18 Nov 2026 11:00:00 GMT", 0.0),
    ])
    func retryAfterReadsSecondsAndHTTPDates(header: String, seconds: Double) {
        #expect(RetryAfter.delay(header, now: now) == seconds)
    }

    @Test(arguments: ["", "soon", "-5", "1.5", "99999999999"])
    func anUnreadableRetryAfterIsIgnored(header: String) {
        #expect(RetryAfter.delay(header, now: now) == nil)
    }

    @Test func decisionsFollowTheOutcome() {
        #expect(policy.decide(.response(status: 204, retryAfter: nil), attempt: 4, now: now) == .delivered)
        #expect(policy.decide(.response(status: 410, retryAfter: nil), attempt: 1, now: now) == .disableEndpoint)
        #expect(policy.decide(.response(status: 500, retryAfter: nil), attempt: 4, now: now) == .deadLetter)
        #expect(policy.decide(.transportError("timed out"), attempt: 2, now: now, unit: { 1 }) == .retry(at: now + 2))
        #expect(
            policy.decide(.response(status: 302, retryAfter: nil), attempt: 1, now: now, unit: { 1 }) == .retry(at: now + 1))
        #expect(policy.decide(.response(status: 429, retryAfter: "7"), attempt: 1, now: now, unit: { 0 }) == .retry(at: now + 7))
    }

    @Test func failureReasonsNameRedirectsStatusesAndTransportErrors() {
        #expect(WebhookOutcome.response(status: 301, retryAfter: nil).failureReason == "HTTP 301: redirects are not followed")
        #expect(WebhookOutcome.response(status: 404, retryAfter: nil).failureReason == "HTTP 404")
        #expect(WebhookOutcome.response(status: 200, retryAfter: nil).failureReason == nil)
        #expect(WebhookOutcome.transportError("connection refused").failureReason == "connection refused")
    }

    @Test func webhookIDsAreStablePerEventAndEndpoint() {
        let url = URL(string: "https://hooks.example/interlude?token=abc")!
        let key = WebhookSubscriber.key(for: url)
        #expect(key.count == 16)
        #expect(key == WebhookSubscriber.key(for: URL(string: "https://hooks.example/interlude?token=abc")!))
        #expect(key != WebhookSubscriber.key(for: URL(string: "https://hooks.example/other")!))
        #expect(WebhookDelivery.id(sequence: 42, endpoint: key) == "msg_42_\(key)")
    }
}
