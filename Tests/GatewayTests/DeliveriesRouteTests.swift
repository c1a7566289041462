import Foundation
import Gateway
import JSON
import Log
import Presentation
import SQLite
import TestSupport
import Testing
import Wire

@testable import Webhooks

/// `GET /v1/webhooks/deliveries`, served when the gateway is given its webhook dispatcher.
@Suite struct DeliveriesRouteTests {
    static let at = Date(timeIntervalSince1970: 1_795_000_000)

    /// A dispatcher on a fresh outbox with two deliveries enqueued (events 1 and 2); not running.
    static func dispatcher(in folder: URL) throws -> WebhookDispatcher {
        let subscriber = WebhookSubscriber(
            url: URL(string: "https://a.example/hook")!, secret: .generate(), events: [.presentationPending, .jobSucceeded], origin: "a")
        let dispatcher = try WebhookDispatcher(
            subscribers: WebhookSubscribers([subscriber]), options: .init(folder: folder, synchronous: .normal),
            source: InMemoryEventSource(), log: .init("test", level: .off))
        let events = [Event(sequence: 1, type: .presentationPending, at: at), Event(sequence: 2, type: .jobSucceeded, at: at)]
        try dispatcher.store.enqueue(events, for: dispatcher.subscribers, now: at) { _ in Data("{}".utf8) }
        return dispatcher
    }

    static func withGateway(_ body: (Int) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlude-deliveries-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let gateway = try OfflineGateway.start(webhooks: try dispatcher(in: folder))
        defer { gateway.stop() }
        try await body(gateway.port)
    }

    @Test func deliveriesAreListedNewestFirstFilteredAndLimited() async throws {
        try await Self.withGateway { port in
            let all = try await fetch(port: port, "/v1/webhooks/deliveries")
            #expect(all.status == 200)
            let json = try #require(try JSONSerialization.jsonObject(with: all.body) as? [String: Any])
            let deliveries = try #require(json["deliveries"] as? [[String: Any]])
            #expect(deliveries.map { $0["sequence"] as? Int } == [2, 1])
            #expect(deliveries.first?["state"] as? String == "pending")
            #expect(deliveries.first?["eventType"] as? String == "job.succeeded")
            #expect(deliveries.first?["url"] as? String == "https://a.example/…", "redacted as the logs show it")
            #expect(
                deliveries.first?.keys.sorted() == [
                    "attempts", "createdAt", "eventType", "id", "lastError", "lastStatus", "nextAttemptAt", "sequence", "state",
                    "updatedAt", "url",
                ])

            let limited = try await fetch(port: port, "/v1/webhooks/deliveries?state=pending&limit=1")
            let page = try JSONCoding.decoder.decode([String: [WebhookDelivery]].self, from: limited.body)
            #expect(page["deliveries"]?.map(\.sequence) == [2])
            let failed = try await fetch(port: port, "/v1/webhooks/deliveries?state=failed")
            #expect(failed.text == #"{"deliveries":[]}"#)
        }
    }

    @Test(
        "A bad query value is 400 with the same code as on every other route",
        arguments: [
            ("state", "lost"), ("state", ""), ("limit", "0"), ("limit", "501"), ("limit", "ten"), ("limit", ""),
        ])
    func badQueryValuesAre400(name: String, value: String) async throws {
        try await Self.withGateway { port in
            let response = try await fetch(port: port, "/v1/webhooks/deliveries?\(name)=\(value)")
            #expect(response.status == 400)
            #expect(response.errorCode == "badRequest", "\(response)")
        }
    }
}
