import Foundation
import Log

extension WebhookDispatcher {
    /// Delivers `entries`, one endpoint's oldest due deliveries in event order: counts every attempt in
    /// one commit first, sends up to `inFlight` at once in that order, starts none after the first that
    /// fails, and records how each ended in one more commit.
    func round(_ entries: [OutboxEntry], to subscriber: WebhookSubscriber) async {
        let policy = options.retryPolicy
        // Only a crash during the last attempt leaves a pending delivery with none left.
        let spent = entries.filter { $0.attempts >= policy.maxAttempts }
        let sending = entries.filter { $0.attempts < policy.maxAttempts }
        var results = spent.map { entry in
            Result(entry: entry, decision: .deadLetter, outcome: .transportError("the gateway stopped during the last attempt"), attempt: entry.attempts)
        }
        do {
            let now = Date()
            try store.beginAttempts(
                sending.map(\.id), retryAt: now.addingTimeInterval(policy.lease(timeout: Options.seconds(options.timeout))), now: now)
        } catch {
            log.error("\(error)")
            settle(results, subscriber)
            await pause(1)
            return
        }
        var unstarted: [OutboxSettlement] = []
        for (entry, outcome) in zip(sending, await send(sending, to: subscriber)) {
            guard let outcome else {
                unstarted.append(.unstarted(id: entry.id, dueAt: entry.nextAttemptAt))
                continue
            }
            if !outcome.isSuccess, outcome == .interrupted || Task.isCancelled {
                unstarted.append(.abandoned(id: entry.id, reason: WebhookOutcome.interrupted.failureReason ?? ""))
                continue
            }
            let attempt = entry.attempts + 1
            results.append(Result(entry: entry, decision: policy.decide(outcome, attempt: attempt, now: Date()), outcome: outcome, attempt: attempt))
        }
        settle(results, subscriber, also: unstarted)
    }

    /// Sends `entries` in order, each only while it is among the `inFlight` oldest not yet answered
    /// (so a slow or failing one holds back all but `inFlight` − 1 later ones); after the first attempt that
    /// fails no more start. The outcome of each, nil for one never started.
    private func send(_ entries: [OutboxEntry], to subscriber: WebhookSubscriber) async -> [WebhookOutcome?] {
        await withTaskGroup(of: (Int, WebhookOutcome).self) { group in
            var outcomes = [WebhookOutcome?](repeating: nil, count: entries.count)
            var next = 0
            var failed = false
            while true {
                let oldest = outcomes.firstIndex { $0 == nil } ?? entries.count
                while !failed, !Task.isCancelled, next < min(entries.count, oldest + options.inFlight) {
                    let index = next
                    let entry = entries[index]
                    group.addTask { (index, await self.post(entry, to: subscriber)) }
                    next += 1
                }
                guard let (index, outcome) = await group.next() else { break }
                outcomes[index] = outcome
                if !outcome.isSuccess { failed = true }
            }
            return outcomes
        }
    }

    /// One signed POST of `entry` to its endpoint.
    private func post(_ entry: OutboxEntry, to subscriber: WebhookSubscriber) async -> WebhookOutcome {
        var headers = WebhookSigner(secret: subscriber.secret).headers(
            id: entry.id, timestamp: Int(Date().timeIntervalSince1970), body: entry.body)
        headers["content-type"] = "application/json"
        headers["user-agent"] = "interlude/1"
        return await client.post(url: subscriber.url, headers: headers, body: entry.body)
    }
}
