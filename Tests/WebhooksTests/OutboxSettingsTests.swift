import Configuration
import Foundation
import Testing

@testable import Webhooks

/// A dispatcher built from settings alone.
@Suite struct OutboxSettingsTests {
    @Test func withNoSubscribersTheDispatcherStillKeepsItsCursorCurrent() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        var settings = Settings()
        settings.data = harness.folder.path
        settings.webhooksFile = harness.folder.appendingPathComponent("none.json").path
        let dispatcher = try WebhookDispatcher(settings: settings, source: harness.source)
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
