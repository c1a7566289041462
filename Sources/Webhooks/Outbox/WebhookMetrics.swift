import Synchronization

/// Counts of outgoing webhook attempts by result since the process started.
final class WebhookMetrics: Sendable {
    /// The result label values, in the order they are rendered.
    enum Result: String, CaseIterable, Sendable {
        /// Answered 2xx.
        case delivered
        /// Any attempt that did not get a 2xx.
        case failed
        /// A failed attempt that was rescheduled.
        case retried
        /// A delivery given up after its last attempt.
        case deadLettered = "dead_lettered"
        /// An endpoint disabled because it answered 410 Gone.
        case disabled
    }

    private let counts = Mutex<[Result: Int]>([:])

    /// Adds one to `result`.
    func count(_ result: Result) {
        counts.withLock { $0[result, default: 0] += 1 }
    }

    /// The count for `result`.
    func value(_ result: Result) -> Int {
        counts.withLock { $0[result] ?? 0 }
    }

    /// Prometheus text: `interlude_webhook_deliveries_total{result}` and the `interlude_webhook_pending` gauge.
    func text(pending: Int) -> String {
        var text = """
            # HELP interlude_webhook_deliveries_total Outgoing webhook attempts by result (failed counts every failed attempt).
            # TYPE interlude_webhook_deliveries_total counter

            """
        for result in Result.allCases {
            text += "interlude_webhook_deliveries_total{result=\"\(result.rawValue)\"} \(value(result))\n"
        }
        text += """
            # HELP interlude_webhook_pending Outgoing webhook deliveries waiting for their first or next attempt.
            # TYPE interlude_webhook_pending gauge
            interlude_webhook_pending \(pending)

            """
        return text
    }
}
