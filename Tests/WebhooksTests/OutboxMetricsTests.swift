import Foundation
import Log
import Testing
import Wire

@testable import Webhooks

/// The outbox's lines in `/metrics`.
@Suite struct OutboxMetricsTests {
    @Test func metricsTextHasEveryResultAndThePendingGauge() throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let subscriber = WebhookSubscriber(
            url: URL(string: "https://a.example/hook")!, secret: .generate(), events: [.presentationPending, .jobSucceeded], origin: "a")
        let dispatcher = try WebhookDispatcher(
            subscribers: WebhookSubscribers([subscriber]), options: harness.options(), source: harness.source, log: .init("test", level: .off))
        try dispatcher.store.enqueue([OutboxEvents.pending(1), OutboxEvents.succeeded(2)], for: dispatcher.subscribers, now: Date()) { _ in
            Data("{}".utf8)
        }
        let text = dispatcher.metricsText()
        #expect(text.contains("# TYPE interlude_webhook_deliveries_total counter\n"))
        for result in ["delivered", "failed", "retried", "dead_lettered", "disabled"] {
            #expect(text.contains("interlude_webhook_deliveries_total{result=\"\(result)\"} 0\n"))
        }
        #expect(text.contains("# TYPE interlude_webhook_pending gauge\ninterlude_webhook_pending 2\n"))
    }
}
