import Synchronization

/// Counts of mail attempts by result since the process started.
final class MailMetrics: Sendable {
    /// The result label values, in the order they are rendered.
    enum Result: String, CaseIterable, Sendable {
        /// The server accepted the mail.
        case sent
        /// Any attempt the server did not accept.
        case failed
        /// A failed attempt that was rescheduled.
        case retried
        /// A mail given up after its last attempt.
        case deadLettered = "dead_lettered"
    }

    private let counts = Mutex<[Result: Int]>([:])

    /// Adds one to `result`.
    func count(_ result: Result) {
        counts.withLock { $0[result, default: 0] += 1 }
    }

    /// Prometheus text: `interlude_mail_attempts_total{result}` and the `interlude_mail_pending` gauge.
    func text(pending: Int) -> String {
        var text = """
            # HELP interlude_mail_attempts_total Outgoing mail attempts by result (failed counts every failed attempt).
            # TYPE interlude_mail_attempts_total counter

            """
        let counts = counts.withLock { $0 }
        for result in Result.allCases {
            text += "interlude_mail_attempts_total{result=\"\(result.rawValue)\"} \(counts[result] ?? 0)\n"
        }
        text += """
            # HELP interlude_mail_pending Mails waiting for their first or next attempt.
            # TYPE interlude_mail_pending gauge
            interlude_mail_pending \(pending)

            """
        return text
    }
}
