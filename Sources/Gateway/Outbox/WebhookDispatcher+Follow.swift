import Foundation
import Wire

extension WebhookDispatcher {
    /// Subscribes live first, catches up from the cursor, then enqueues live events, catching up on a gap.
    func follow() async {
        var follower: OutboxFollower
        do {
            follower = OutboxFollower(cursor: try store.cursor())
        } catch {
            log.error("\(error); not following events")
            return
        }
        var failures = 0
        while !Task.isCancelled {
            let live: AsyncStream<Event>
            do {
                live = try source.live()
            } catch {
                failures += 1
                log.warning("cannot subscribe to the broker's events: \(error)")
                await pause(failures)
                continue
            }
            failures = 0
            await catchUp(&follower)
            for await event in live {
                switch follower.receive(event) {
                case .skip: continue
                case .enqueue(let event): enqueue([event], &follower)
                case .catchUp: await catchUp(&follower)
                }
            }
            guard !Task.isCancelled else { return }
            log.warning("the broker's event stream ended; subscribing again")
            await pause(1)
        }
    }

    /// Reads journaled events after the cursor, page by page, until it has the newest the source has.
    func catchUp(_ follower: inout OutboxFollower) async {
        var failures = 0
        while !Task.isCancelled {
            do {
                let page = try await source.events(after: follower.cursor, limit: options.pageSize)
                if !page.events.isEmpty, !enqueue(page.events, &follower) {
                    failures += 1
                    await pause(failures)
                    continue
                }
                if page.last < follower.cursor {
                    log.error(
                        "the broker's newest event is \(page.last) but the outbox has enqueued up to \(follower.cursor): "
                            + "was the journal replaced? Remove \(store.path) to start over")
                }
                if page.events.isEmpty || follower.cursor >= page.last { return }
            } catch {
                failures += 1
                if failures == 1 { log.warning("cannot read events after \(follower.cursor) from the broker: \(error)") }
                await pause(failures)
            }
        }
    }

    /// Enqueues `events` and moves the cursor; false (logged) when the outbox could not be written.
    @discardableResult
    func enqueue(_ events: [Event], _ follower: inout OutboxFollower) -> Bool {
        let publicURL = self.publicURL
        do {
            let cursor = try store.enqueue(events, for: subscribers, now: Date()) { event in
                try WebhookPayload.body(for: event, publicURL: publicURL)
            }
            follower.advance(to: cursor)
            doorbell.ring()
            return true
        } catch {
            log.error("cannot enqueue webhook deliveries: \(error)")
            return false
        }
    }

    /// Waits a little longer after each consecutive failure, up to 5 s; returns early when cancelled.
    func pause(_ failures: Int) async {
        try? await Task.sleep(for: .milliseconds(min(5_000, 250 * max(1, failures))))
    }
}
