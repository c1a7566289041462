import Foundation

extension WebhookDispatcher {
    /// Starts due deliveries, the oldest of each endpoint first, at most `concurrency` at once and one
    /// per endpoint; sleeps until the next is due or new work rings the doorbell.
    func deliver() async {
        await withDiscardingTaskGroup { group in
            var rotation = 0
            while !Task.isCancelled {
                var wake = Date().addingTimeInterval(60)
                let endpoints = subscribers.all
                for offset in endpoints.indices {
                    let subscriber = endpoints[(rotation + offset) % endpoints.count]
                    guard !inFlight.withLock({ $0.contains(subscriber.key) }) else { continue }
                    let entry: OutboxEntry?
                    do {
                        entry = try store.head(of: subscriber.key)
                    } catch {
                        log.error("\(error)")
                        continue
                    }
                    guard let entry else { continue }
                    guard entry.nextAttemptAt <= Date() else {
                        wake = min(wake, entry.nextAttemptAt)
                        continue
                    }
                    guard reserve(subscriber.key) else { break }
                    group.addTask {
                        await self.attempt(entry, to: subscriber)
                        self.inFlight.withLock { _ = $0.remove(subscriber.key) }
                        self.doorbell.ring()
                    }
                }
                rotation = endpoints.isEmpty ? 0 : (rotation + 1) % endpoints.count
                await doorbell.wait(timeout: .milliseconds(max(1, Int(wake.timeIntervalSinceNow * 1000))))
            }
        }
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
