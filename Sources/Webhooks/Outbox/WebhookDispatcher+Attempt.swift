import Foundation

extension WebhookDispatcher {
    /// Makes one attempt at `entry`: counted in the outbox first, then signed and sent, then recorded.
    func attempt(_ entry: OutboxEntry, to subscriber: WebhookSubscriber) async {
        let policy = options.retryPolicy
        guard entry.attempts < policy.maxAttempts else {
            // Only a crash during the last attempt leaves a pending delivery with none left.
            let outcome = WebhookOutcome.transportError("the gateway stopped during the last attempt")
            apply(.deadLetter, outcome, entry, subscriber, attempt: entry.attempts)
            return
        }
        let attempt = entry.attempts + 1
        do {
            let now = Date()
            try store.beginAttempt(
                entry.id, retryAt: now.addingTimeInterval(policy.lease(timeout: Options.seconds(options.timeout))), now: now)
        } catch {
            log.error("\(error)")
            await pause(1)
            return
        }
        var headers = WebhookSigner(secret: subscriber.secret).headers(
            id: entry.id, timestamp: Int(Date().timeIntervalSince1970), body: entry.body)
        headers["content-type"] = "application/json"
        headers["user-agent"] = "interlude/1"
        let outcome = await client.post(url: subscriber.url, headers: headers, body: entry.body)
        if !outcome.isSuccess, outcome == .interrupted || Task.isCancelled {
            try? store.abandonAttempt(entry.id, reason: WebhookOutcome.interrupted.failureReason ?? "", now: Date())
            return
        }
        apply(policy.decide(outcome, attempt: attempt, now: Date()), outcome, entry, subscriber, attempt: attempt)
    }

    /// Records the decision in the outbox, counts it and says it in the log (never a secret or signature).
    private func apply(
        _ decision: WebhookRetryPolicy.Decision, _ outcome: WebhookOutcome, _ entry: OutboxEntry,
        _ subscriber: WebhookSubscriber, attempt: Int
    ) {
        let now = Date()
        let (status, reason) = (outcome.status, outcome.failureReason)
        let of = "\(attempt) of \(options.maxAttempts)"
        do {
            switch decision {
            case .delivered:
                try store.record(entry.id, state: .delivered, nextAttemptAt: nil, status: status, error: nil, now: now)
                metrics.count(.delivered)
                log.debug("webhook \(entry.id) delivered to \(subscriber) (HTTP \(status ?? 0), attempt \(of))")
            case .retry(let at):
                try store.record(entry.id, state: .pending, nextAttemptAt: at, status: status, error: reason, now: now)
                metrics.count(.failed)
                metrics.count(.retried)
                let delay = String(format: "%.3f", at.timeIntervalSince(now))
                log.info("webhook \(entry.id) to \(subscriber) failed (\(reason ?? "")), attempt \(of); retry in \(delay) s")
            case .deadLetter:
                try store.record(entry.id, state: .failed, nextAttemptAt: nil, status: status, error: reason, now: now)
                metrics.count(.failed)
                metrics.count(.deadLettered)
                log.warning("webhook \(entry.id) to \(subscriber) dead-lettered after attempt \(of): \(reason ?? "")")
            case .disableEndpoint:
                try store.record(
                    entry.id, state: .disabled, nextAttemptAt: nil, status: status,
                    error: "410 Gone: endpoint disabled", now: now)
                try store.disable(subscriber, status: status ?? 410, now: now)
                metrics.count(.failed)
                metrics.count(.disabled)
                if disabledEndpoints.withLock({ $0.insert(subscriber.key).inserted }) {
                    log.warning("webhook endpoint \(subscriber) answered 410 Gone: disabled, its pending deliveries too")
                }
            }
        } catch {
            log.error("\(error)")
        }
    }
}
