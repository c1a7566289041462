import Client
import HTTPServer
import Wire

extension API {
    /// The Prometheus exposition: the broker's counters, the HTTP request metrics, then every provider's lines.
    func metricsText() async -> String {
        let stats = try? await stats(timeout: configuration.healthTimeout)
        var text = gauge("interlude_broker_up", "Whether the broker answered the gateway's stats request.", [("", stats == nil ? 0 : 1)])
        if let stats {
            var states = Job.State.allCases.map(\.rawValue)
            states += stats.jobs.keys.filter { !states.contains($0) }.sorted()
            text += gauge(
                "interlude_jobs", "Jobs by state, from the journal.",
                states.map { ("state=\"\($0)\"", stats.jobs[$0] ?? 0) })
            text += gauge("interlude_pending_presentations", "Presentations waiting for an answer.", [("", stats.pending)])
            text += gauge("interlude_workers", "Workers connected to the broker.", [("", stats.workers)])
        }
        text += gauge(
            "interlude_broker_connection_reopens", "Times the gateway closed and reopened its broker socket after it stopped answering.",
            [("", connection.health.reopens)])
        text += connectionsText()
        text += metrics.prometheusText()
        for provider in metricsProviders {
            let lines = await provider()
            text += lines.hasSuffix("\n") || lines.isEmpty ? lines : lines + "\n"
        }
        return text
    }

    /// Open connections against `httpConnectionLimit`, and how much of the reserve kept past it for
    /// `/healthz` and `/metrics` is in use.
    private func connectionsText() -> String {
        let open = metrics.openConnections
        let limit = configuration.connectionLimit
        let used = min(max(0, open - limit), ConnectionReserve.size)
        return gauge("interlude_http_connections_open", "Connections open to the gateway now, the one asking included.", [("", open)])
            + gauge("interlude_http_connection_limit", "Connections served for every path (httpConnectionLimit).", [("", limit)])
            + gauge(
                "interlude_http_connection_reserve", "Connections kept past the limit for /healthz and /metrics, used and free.",
                [("state=\"used\"", used), ("state=\"free\"", ConnectionReserve.size - used)])
    }

    private func gauge(_ name: String, _ help: String, _ samples: [(labels: String, value: Int)]) -> String {
        var text = "# HELP \(name) \(help)\n# TYPE \(name) gauge\n"
        for sample in samples {
            text += sample.labels.isEmpty ? "\(name) \(sample.value)\n" : "\(name){\(sample.labels)} \(sample.value)\n"
        }
        return text
    }
}
