import Foundation

extension BenchReport {
    static func lines(_ parked: ParkedRun.Result) -> [String] {
        let recovery = parked.recovery
        let stage = { (name: String, seconds: Double?) in "\(name) \(seconds.map { Self.seconds($0) } ?? "—")" }
        var lines = [
            "6. parked: \(parked.jobs) resetPreferences jobs each waiting on a question, ≤\(parked.inFlight) in flight, \(parked.workers) worker processes",
            "   parked \(count(parked.parked)) of \(count(parked.jobs)) in \(seconds(parked.parkingSeconds)): \(number(parked.parkedPerSecond))/s overall, "
                + "\(parked.lastTenthPerSecond.map(number) ?? "—")/s over the last tenth; broker stats says \(parked.brokerPending.map(count) ?? "—") pending"
                + " (stats took \(parked.statsSeconds.map { Self.seconds($0) } ?? "—"))",
            "   memory: broker \(megabytes(parked.brokerRSSBytes)), workers \(parked.workerRSSBytes.map { megabytes($0) }.joined(separator: ", "))"
                + "; broker after recovery \(megabytes(parked.brokerRSSAfterRecoveryBytes))",
            "   idle broker CPU over \(seconds(parked.idleSeconds)): \(parked.idleCPU.map(percent) ?? "—") of a core",
            "   first page of pending presentations: \(parked.firstPageSeconds.map { Self.seconds($0) } ?? "—") for \(parked.firstPagePresentations.map(count) ?? "—") presentations",
            "   restart after SIGKILL: "
                + [
                    stage("listening", recovery.listeningSeconds), stage("first reply", recovery.firstReplySeconds),
                    stage("workers back", recovery.workersSeconds), stage("all recovered", parked.recoverySeconds),
                ].joined(separator: ", "),
        ]
        lines += parked.notes.map { "   note: \($0)" }
        return lines
    }

    static func lines(_ webhooks: WebhooksRun.Result) -> [String] {
        [
            "5. webhooks: \(webhooks.jobs) noop jobs, ≤\(webhooks.inFlight) in flight, a gateway delivering each job.succeeded to a local receiver, "
                + "\(webhooks.webhookInFlight) at once",
            "   jobs \(number(webhooks.jobsPerSecond))/s (\(seconds(webhooks.jobsSeconds))); deliveries \(number(webhooks.deliveriesPerSecond))/s, "
                + "\(count(webhooks.deliveries)) of \(count(webhooks.jobs)) "
                + (webhooks.complete ? "in \(webhooks.deliveriesSeconds.map { Self.seconds($0) } ?? "—")" : "when the time limit passed"),
        ]
    }

    /// Rows padded to `widths` (the last column is left as it is), indented by three spaces.
    static func table(_ rows: [[String]], widths: [Int]) -> [String] {
        rows.map { cells in
            var line =
                "   "
                + cells.enumerated().map { index, cell in
                    index < widths.count ? cell.padding(toLength: max(widths[index], cell.count + 1), withPad: " ", startingAt: 0) : cell
                }.joined()
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Microseconds as `78 µs` or `1.23 ms`.
    static func time(_ microseconds: Double) -> String {
        microseconds < 1000 ? String(format: "%.0f µs", microseconds) : String(format: "%.2f ms", microseconds / 1000)
    }

    static func seconds(_ value: Double) -> String { String(format: value < 10 ? "%.2f s" : "%.1f s", value) }
    static func number(_ value: Double) -> String { String(format: "%.0f", value) }
    /// `100000` as `100,000`.
    static func count(_ value: Int) -> String {
        var digits = String(value.magnitude)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return (value < 0 ? "-" : "") + ([digits] + groups).joined(separator: ",")
    }
    static func percent(_ share: Double) -> String { String(format: share < 0.1 ? "%.1f %%" : "%.0f %%", share * 100) }
    static func megabytes(_ bytes: Int?) -> String { bytes.map { String(format: "%.0f MB", Double($0) / 1e6) } ?? "—" }
    static func times(_ value: Double?) -> String {
        guard let value else { return "—" }
        return String(format: value < 0.1 ? "%.3f×" : value < 10 ? "%.2f×" : "%.1f×", value)
    }
}
