import Foundation
import SQLite
import Testing
import Wire

@testable import Webhooks

/// The outbox's SQLite file: idempotent enqueue, the cursor, and reopening.
@Suite struct OutboxStoreTests {
    private func subscribers() throws -> WebhookSubscribers {
        try WebhookSubscribers([
            WebhookSubscriber(
                url: URL(string: "https://a.example/hook")!, secret: .generate(), events: [.presentationPending],
                origin: "a"),
            WebhookSubscriber(
                url: URL(string: "https://b.example/hook")!, secret: .generate(), events: [.presentationPending, .jobSucceeded],
                origin: "b"),
        ])
    }

    @Test func enqueueingTheSameEventsTwiceAddsNothingAndTheCursorSurvivesReopening() throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let subscribers = try subscribers()
        let events = [OutboxEvents.queued(1), OutboxEvents.pending(2), OutboxEvents.succeeded(3)]
        do {
            let store = try OutboxStore(folder: harness.folder, synchronous: .normal)
            #expect(try store.cursor() == 0)
            let body: (Event) throws -> Data = { Data($0.type.rawValue.utf8) }
            #expect(try store.enqueue(events, for: subscribers, now: Date(), body: body) == 3)
            #expect(try store.enqueue(events, for: subscribers, now: Date(), body: body) == 3)
            #expect(try store.deliveries(state: nil, limit: 10).count == 3)
        }
        let reopened = try OutboxStore(folder: harness.folder, synchronous: .normal)
        #expect(try reopened.cursor() == 3)
        let ids = try reopened.deliveries(state: .pending, limit: 10).map(\.id)
        let keys = subscribers.all.map(\.key)
        #expect(Set(ids) == ["msg_2_\(keys[0])", "msg_2_\(keys[1])", "msg_3_\(keys[1])"])
        #expect(try reopened.pendingCount() == 3)
    }

    @Test func deliveriesOfEndpointsNoLongerConfiguredAreDisabled() throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let subscribers = try subscribers()
        let store = try OutboxStore(folder: harness.folder, synchronous: .normal)
        try store.enqueue([OutboxEvents.pending(1)], for: subscribers, now: Date()) { _ in Data("{}".utf8) }
        #expect(try store.disableAllBut(WebhookSubscribers([subscribers.all[1]]), now: Date()) == 1)
        let disabled = try store.deliveries(state: .disabled, limit: 10)
        #expect(disabled.map(\.url) == ["https://a.example/…"], "shown as the logs show it")
        #expect(disabled.first?.lastError == "endpoint no longer configured")
    }

    @Test func theOutboxLivesInGatewaySqliteInTheDataFolder() throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let store = try OutboxStore(folder: harness.folder.appendingPathComponent("nested"))
        #expect(store.path.hasSuffix("/nested/gateway.sqlite"))
        #expect(FileManager.default.fileExists(atPath: store.path))
    }
}
