import Foundation
import Log
import Synchronization

extension WebhookDispatcher {
    /// Starts a round for each endpoint whose oldest pending delivery is due, at most `concurrency`
    /// endpoints at once and one round per endpoint; sleeps until the next is due or new work rings the doorbell.
    func deliver() async {
        await withDiscardingTaskGroup { group in
            var rotation = 0
            while !Task.isCancelled {
                var wake = Date().addingTimeInterval(60)
                let endpoints = subscribers.all
                for offset in endpoints.indices {
                    let subscriber = endpoints[(rotation + offset) % endpoints.count]
                    guard !inFlight.withLock({ $0.contains(subscriber.key) }) else { continue }
                    let leading: [OutboxEntry]
                    do {
                        leading = try store.leading(of: subscriber.key, limit: options.batch)
                    } catch {
                        log.error("\(error)")
                        continue
                    }
                    let now = Date()
                    let due = Self.due(leading, now: now)
                    guard !due.isEmpty else {
                        if let head = leading.first { wake = min(wake, head.nextAttemptAt) }
                        continue
                    }
                    guard reserve(subscriber.key) else { break }
                    group.addTask {
                        await self.round(due, to: subscriber)
                        self.inFlight.withLock { _ = $0.remove(subscriber.key) }
                        self.doorbell.ring()
                    }
                }
                rotation = endpoints.isEmpty ? 0 : (rotation + 1) % endpoints.count
                await doorbell.wait(timeout: .milliseconds(max(1, Int(wake.timeIntervalSinceNow * 1000))))
            }
        }
    }

    /// The deliveries a round takes: the endpoint's oldest pending ones in event order, up to the first
    /// that is not yet due. Empty when the oldest is waiting for its retry, and that one alone once it is
    /// due: nothing later starts before a failed delivery is delivered or dead-lettered.
    static func due(_ leading: [OutboxEntry], now: Date) -> [OutboxEntry] {
        guard let head = leading.first, head.nextAttemptAt <= now else { return [] }
        return head.attempts > 0 ? [head] : Array(leading.prefix { $0.nextAttemptAt <= now })
    }

    /// Takes a slot for the endpoint `key`; false when every slot is taken.
    private func reserve(_ key: String) -> Bool {
        inFlight.withLock { keys in
            guard keys.count < options.concurrency else { return false }
            keys.insert(key)
            return true
        }
    }
}
