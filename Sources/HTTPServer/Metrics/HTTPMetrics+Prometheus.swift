import Foundation

extension HTTPMetrics {
    /// The Prometheus text exposition: `http_requests_total` and the `http_request_duration_seconds` histogram.
    public func prometheusText() -> String {
        let rows = snapshot()
        var text = """
            # HELP http_requests_total HTTP requests answered, by method, route pattern and status.
            # TYPE http_requests_total counter

            """
        for (key, series) in rows {
            text += "http_requests_total{\(labels(key))} \(series.count)\n"
        }
        text += """
            # HELP http_request_duration_seconds Time from receiving a request to queueing its response.
            # TYPE http_request_duration_seconds histogram

            """
        for (key, series) in rows {
            let base = labels(key)
            for (bound, count) in zip(buckets, series.bucketCounts) {
                text += "http_request_duration_seconds_bucket{\(base),le=\"\(bound)\"} \(count)\n"
            }
            text += "http_request_duration_seconds_bucket{\(base),le=\"+Inf\"} \(series.count)\n"
            text += "http_request_duration_seconds_sum{\(base)} \(series.sum)\n"
            text += "http_request_duration_seconds_count{\(base)} \(series.count)\n"
        }
        return text
    }

    private func labels(_ key: Key) -> String {
        "method=\"\(escaped(key.method))\",route=\"\(escaped(key.route))\",status=\"\(key.status)\""
    }

    /// Label values escape backslash, double quote and line feed, as the exposition format requires.
    private func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}
