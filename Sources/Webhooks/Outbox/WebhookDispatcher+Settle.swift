import Foundation
import Log
import Synchronization

extension WebhookDispatcher {
    /// What the retry policy decided for one attempt of a round.
    struct Result {
        let entry: OutboxEntry
        let decision: WebhookRetryPolicy.Decision
        let outcome: WebhookOutcome
        /// The attempt's number, 1 for the first.
        let attempt: Int
    }

    /// Records a round's decisions and `also` in one commit, then counts them and says them in the log
    /// (never a secret or signature). A disabled endpoint is written last, after its round's other results.
    func settle(_ results: [Result], _ subscriber: WebhookSubscriber, also: [OutboxSettlement] = []) {
        let gone = results.first { $0.decision == .disableEndpoint }
        var settlements = results.map { result -> OutboxSettlement in
            let (status, reason) = (result.outcome.status, result.outcome.failureReason)
            return switch result.decision {
            case .delivered: .recorded(id: result.entry.id, state: .delivered, nextAttemptAt: nil, status: status, error: nil)
            case .retry(let at): .recorded(id: result.entry.id, state: .pending, nextAttemptAt: at, status: status, error: reason)
            case .deadLetter: .recorded(id: result.entry.id, state: .failed, nextAttemptAt: nil, status: status, error: reason)
            case .disableEndpoint:
                .recorded(id: result.entry.id, state: .disabled, nextAttemptAt: nil, status: status, error: "410 Gone: endpoint disabled")
            }
        }
        settlements += also
        if let gone { settlements.append(.disabled(subscriber, status: gone.outcome.status ?? 410)) }
        let now = Date()
        do {
            try store.settle(settlements, now: now)
        } catch {
            log.error("\(error)")
            return
        }
        for result in results { report(result, subscriber, now: now) }
    }

    /// Counts one recorded result and logs it.
    private func report(_ result: Result, _ subscriber: WebhookSubscriber, now: Date) {
        let (id, status, reason) = (result.entry.id, result.outcome.status, result.outcome.failureReason)
        let of = "\(result.attempt) of \(options.maxAttempts)"
        switch result.decision {
        case .delivered:
            metrics.count(.delivered)
            log.debug("webhook \(id) delivered to \(subscriber) (HTTP \(status ?? 0), attempt \(of))")
        case .retry(let at):
            metrics.count(.failed)
            metrics.count(.retried)
            let delay = String(format: "%.3f", at.timeIntervalSince(now))
            log.info("webhook \(id) to \(subscriber) failed (\(reason ?? "")), attempt \(of); retry in \(delay) s")
        case .deadLetter:
            metrics.count(.failed)
            metrics.count(.deadLettered)
            log.warning("webhook \(id) to \(subscriber) dead-lettered after attempt \(of): \(reason ?? "")")
        case .disableEndpoint:
            metrics.count(.failed)
            metrics.count(.disabled)
            if disabledEndpoints.withLock({ $0.insert(subscriber.key).inserted }) {
                log.warning("webhook endpoint \(subscriber) answered 410 Gone: disabled, its pending deliveries too")
            }
        }
    }
}
