import Foundation
import TestSupport
import Testing

@testable import Webhooks

/// A dispatcher built from the settings' defaults alone.
@Suite struct OutboxSettingsTests {
    @Test func withNoSubscribersTheDispatcherStillKeepsItsCursorCurrent() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        let none = harness.folder.appendingPathComponent("none.json").path
        let subscribers = try WebhookSubscribers(url: "", secret: "", events: WebhookSubscribers.defaultEvents.joined(separator: ","), file: none)
        let dispatcher = try WebhookDispatcher(subscribers: subscribers, options: .init(folder: harness.folder), source: harness.source)
        #expect(dispatcher.subscribers.all.isEmpty)
        #expect(dispatcher.options.publicURL == "http://127.0.0.1:8080")
        let task = Task { await dispatcher.run() }
        harness.source.append(OutboxEvents.pending(1))
        harness.source.append(OutboxEvents.succeeded(2))
        try await outboxEventually { try dispatcher.store.cursor() == 2 }
        #expect(harness.source.subscriberCount == 0, "no live subscription without an endpoint: nothing to decode")
        try await harness.stop((dispatcher, task))
        #expect(try dispatcher.deliveries().isEmpty)
        #expect(FileManager.default.fileExists(atPath: harness.folder.appendingPathComponent("gateway.sqlite").path))
    }
}
