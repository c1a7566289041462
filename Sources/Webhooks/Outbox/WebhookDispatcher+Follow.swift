import Client
import Foundation
import Log
import Synchronization
import Wire

extension WebhookDispatcher {
    /// Follows the broker's events with an `EventFollower` whose snapshot is the outbox's durable
    /// cursor, handing what it delivers to `write()` through the backlog (waiting while the backlog is full).
    func follow() async {
        guard !subscribers.all.isEmpty else { return await keepCursorCurrent() }
        let failures = FailureCount()
        let follower = EventFollower<Void>(
            source: source, silence: options.silence, pageSize: options.pageSize,
            snapshot: { [self] () async throws(WireError) -> (snapshot: Void, sequence: Int64) in ((), try await cursor()) },
            report: { [log] error in
                if failures.next() == 1 { log.warning("cannot follow the broker's events: \(error.message)") }
            },
            deliver: { [self] update in
                guard case .events(let events) = update else { return }
                await backlog.add(events)
                failures.reset()
            })
        try? await follower.run()
    }

    /// The outbox's cursor: everything up to it is enqueued. A broker whose newest event is behind it
    /// has a journal the outbox does not know; that is said (every few seconds) until someone acts.
    private func cursor() async throws(WireError) -> Int64 {
        try await positions().cursor
    }

    /// The outbox's cursor and the broker's newest event (see `cursor()`).
    private func positions() async throws(WireError) -> (cursor: Int64, newest: Int64) {
        let cursor: Int64
        do {
            cursor = try store.cursor()
        } catch {
            throw WireError(.internal, "\(error)")
        }
        let newest = try await source.events(after: cursor, limit: 1).last
        if newest < cursor {
            log.error(
                "the broker's newest event is \(newest) but the outbox has enqueued up to \(cursor): "
                    + "was the journal replaced? Remove \(store.path) to start over")
            try? await Task.sleep(for: .seconds(5))
        }
        return (cursor, newest)
    }

    /// With no endpoint configured nothing is ever enqueued, so instead of following (and decoding)
    /// every event, the cursor is moved to the broker's newest event once a second: an endpoint
    /// configured later starts from about then, as it would had every event been followed.
    private func keepCursorCurrent() async {
        var failures = 0
        while !Task.isCancelled {
            do {
                let (cursor, newest) = try await positions()
                if newest > cursor { try store.advance(to: newest) }
                failures = 0
            } catch {
                failures += 1
                if failures == 1 { log.warning("cannot follow the broker's events: \(error)") }
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// Writes the backlog to the outbox until cancelled: everything that arrived while the previous commit
    /// ran goes in the next one, so one commit covers many events. What cannot be written stays in the
    /// backlog and is tried again after a pause; what a stop leaves unwritten is behind the durable cursor,
    /// so the next run reads it again from the journal.
    func write() async {
        var failures = 0
        while !Task.isCancelled {
            let events = backlog.take()
            guard !events.isEmpty else {
                await backlog.arrived.wait(timeout: .seconds(1))
                continue
            }
            do {
                try enqueue(events)
                failures = 0
            } catch {
                backlog.restore(events)
                failures += 1
                await pause(failures)
            }
        }
    }

    /// Enqueues `events` and moves the cursor past them in one transaction; throws (logged) when the
    /// outbox could not be written.
    func enqueue(_ events: [Event]) throws {
        let publicURL = self.publicURL
        do {
            try store.enqueue(events, for: subscribers, now: Date()) { event in
                try WebhookPayload.body(for: event, publicURL: publicURL)
            }
            doorbell.ring()
        } catch {
            log.error("cannot enqueue webhook deliveries: \(error)")
            throw error
        }
    }

    /// Waits a little longer after each consecutive failure, up to 5 s; returns early when cancelled.
    func pause(_ failures: Int) async {
        try? await Task.sleep(for: .milliseconds(min(5_000, 250 * max(1, failures))))
    }
}

/// Failures in a row, so only the first of a series is logged.
private final class FailureCount: Sendable {
    private let count = Mutex(0)

    /// Counts one more failure and returns how many in a row.
    func next() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }

    /// The last try worked.
    func reset() { count.withLock { $0 = 0 } }
}
