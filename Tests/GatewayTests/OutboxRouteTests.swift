import Foundation
import Presentation
import Testing
import Wire

@testable import Gateway

/// `GET /v1/webhooks/deliveries` and the metrics text.
@Suite struct OutboxRouteTests {
    private func dispatcher(_ harness: OutboxHarness) throws -> WebhookDispatcher {
        let subscriber = WebhookSubscriber(
            url: URL(string: "https://a.example/hook")!, secret: .generate(), events: [.presentationPending, .jobSucceeded],
            origin: "a")
        let dispatcher = try WebhookDispatcher(
            subscribers: WebhookSubscribers([subscriber]), options: harness.options(), source: harness.source,
            log: .init("test", level: .off))
        try dispatcher.store.enqueue(
            [OutboxEvents.pending(1), OutboxEvents.succeeded(2)], for: dispatcher.subscribers, now: Date()
        ) { _ in Data("{}".utf8) }
        return dispatcher
    }

    private func get(_ route: WebhookDeliveriesRoute, _ query: [URLQueryItem]) async -> HTTPResponse {
        await route.handle(HTTPRequest(method: .get, path: "/v1/webhooks/deliveries", queryItems: query))
    }

    @Test func deliveriesAreListedNewestFirstFilteredAndLimited() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let route = WebhookDeliveriesRoute(dispatcher: try dispatcher(harness))

        let all = await get(route, [])
        #expect(all.status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: all.bodyData ?? Data()) as? [String: Any])
        let deliveries = try #require(json["deliveries"] as? [[String: Any]])
        #expect(deliveries.map { $0["sequence"] as? Int } == [2, 1])
        #expect(deliveries.first?["state"] as? String == "pending")
        #expect(deliveries.first?["eventType"] as? String == "job.succeeded")
        #expect(deliveries.first?["url"] as? String == "https://a.example/hook")
        #expect(deliveries.first?.keys.sorted() == [
            "attempts", "createdAt", "eventType", "id", "lastError", "lastStatus", "nextAttemptAt", "sequence", "state",
            "updatedAt", "url",
        ])

        let limited = await get(route, [URLQueryItem(name: "state", value: "pending"), URLQueryItem(name: "limit", value: "1")])
        let page = try JSONCoding.decoder.decode([String: [WebhookDelivery]].self, from: limited.bodyData ?? Data())
        #expect(page["deliveries"]?.map(\.sequence) == [2])
        let failed = await get(route, [URLQueryItem(name: "state", value: "failed")])
        #expect(String(decoding: failed.bodyData ?? Data(), as: UTF8.self) == #"{"deliveries":[]}"#)
    }

    @Test(arguments: [("state", "lost"), ("state", ""), ("limit", "0"), ("limit", "501"), ("limit", "ten"), ("limit", "")])
    func badQueryValuesAre400(name: String, value: String) async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let response = await get(WebhookDeliveriesRoute(dispatcher: try dispatcher(harness)), [URLQueryItem(name: name, value: value)])
        #expect(response.status == 400)
        #expect(String(decoding: response.bodyData ?? Data(), as: UTF8.self).contains(#""code":"invalidQuery""#))
    }

    @Test func metricsTextHasEveryResultAndThePendingGauge() throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let text = try dispatcher(harness).metricsText()
        #expect(text.contains("# TYPE interlude_webhook_deliveries_total counter\n"))
        for result in ["delivered", "failed", "retried", "dead_lettered", "disabled"] {
            #expect(text.contains("interlude_webhook_deliveries_total{result=\"\(result)\"} 0\n"))
        }
        #expect(text.contains("# TYPE interlude_webhook_pending gauge\ninterlude_webhook_pending 2\n"))
    }
}
