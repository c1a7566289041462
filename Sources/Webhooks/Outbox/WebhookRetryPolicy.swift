public import Foundation

/// Decides what follows an attempt: done, retry later (exponential backoff, full jitter, `Retry-After`),
/// dead letter, or disable the endpoint. Pure: time and randomness come in as arguments.
public struct WebhookRetryPolicy: Sendable {
    /// What to do with a delivery after an attempt.
    enum Decision: Sendable, Equatable {
        case delivered
        case retry(at: Date)
        case deadLetter
        case disableEndpoint
    }

    /// Attempts before a delivery is dead-lettered.
    public let maxAttempts: Int
    /// The delay ceiling before jitter for the first retry; doubles with each attempt.
    public let base: TimeInterval
    /// No delay is longer, whatever the attempt count or `Retry-After` says.
    public let cap: TimeInterval

    /// A policy of `maxAttempts` attempts, delays from `base` doubling up to `cap` (the mail outbox retries by it too).
    public init(maxAttempts: Int, base: TimeInterval, cap: TimeInterval) {
        self.maxAttempts = maxAttempts
        self.base = base
        self.cap = cap
    }

    /// What follows attempt number `attempt` (1 for the first) that ended with `outcome`.
    /// `unit` returns a uniformly random number in 0...1.
    func decide(
        _ outcome: WebhookOutcome, attempt: Int, now: Date, unit: () -> Double = { Double.random(in: 0...1) }
    ) -> Decision {
        if outcome.isSuccess { return .delivered }
        if case .response(410, _) = outcome { return .disableEndpoint }
        guard attempt < maxAttempts else { return .deadLetter }
        var retryAfter: TimeInterval?
        if case .response(_, let header) = outcome { retryAfter = RetryAfter.delay(header, now: now) }
        return .retry(at: now.addingTimeInterval(delay(afterAttempt: attempt, retryAfter: retryAfter, unit: unit)))
    }

    /// Full jitter over `base × 2^(attempt-1)`, capped; a larger `Retry-After` wins, up to the cap.
    public func delay(afterAttempt attempt: Int, retryAfter: TimeInterval? = nil, unit: () -> Double) -> TimeInterval {
        let ceiling = min(cap, base * pow(2, Double(min(max(attempt, 1) - 1, 62))))
        let jittered = ceiling * min(max(unit(), 0), 1)
        return min(cap, max(jittered, retryAfter ?? 0))
    }

    /// How long an attempt in flight holds its delivery: a crash during it leads to a retry after this.
    public func lease(timeout: TimeInterval) -> TimeInterval {
        timeout + base
    }
}
