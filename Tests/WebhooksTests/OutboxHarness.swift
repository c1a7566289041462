import Client
import Foundation
import Log
import SQLite
import TestSupport

@testable import Webhooks

/// A dispatcher on a fresh outbox folder with an in-memory event source and test-sized timings.
struct OutboxHarness {
    let folder: URL
    let source = InMemoryEventSource()

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString)")
    }

    /// Options scaled down: backoff 20 ms, timeout 2 s, one attempt in flight per endpoint unless a test says otherwise.
    func options(
        maxAttempts: Int = 8, backoff: Duration = .milliseconds(20), timeout: Duration = .seconds(2), inFlight: Int = 1
    ) -> WebhookDispatcher.Options {
        WebhookDispatcher.Options(
            folder: folder, synchronous: .normal, maxAttempts: maxAttempts, backoff: backoff, timeout: timeout,
            inFlight: inFlight, publicURL: "https://gateway.example/")
    }

    /// A dispatcher for `subscribers`, already running; stop it with `stop(_:)`.
    func start(
        _ subscribers: [WebhookSubscriber], options: WebhookDispatcher.Options? = nil,
        source: (any EventSource)? = nil
    ) throws -> (WebhookDispatcher, Task<Void, Never>) {
        let dispatcher = try WebhookDispatcher(
            subscribers: WebhookSubscribers(subscribers), options: options ?? self.options(), source: source ?? self.source,
            log: .init("webhooks-test", level: .off))
        return (dispatcher, Task { await dispatcher.run() })
    }

    /// Stops the dispatcher and waits, bounded, for `run()` to return.
    func stop(_ running: (WebhookDispatcher, Task<Void, Never>)) async throws {
        running.0.stop()
        let task = running.1
        try await withTimeout(30) { await task.value }
    }

    /// Removes the outbox folder.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Polls `condition` every 10 ms until it holds, failing with `TimedOut` after `seconds`.
func outboxEventually(_ seconds: Double = 30, _ condition: @Sendable () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw TimedOut(seconds: seconds) }
        try await Task.sleep(for: .milliseconds(10))
    }
}
