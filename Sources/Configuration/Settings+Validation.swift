import Foundation
import Log
import PostgreSQL

extension Settings {
    /// Checks every value; the first bad one is reported.
    public func validate() throws(ConfigurationError) {
        for (key, setting) in [("clients", clients), ("workers", workers), ("events", events)] {
            // A comma-separated list names several brokers sharing one journal (docs/scaling.md).
            for endpoint in setting.split(separator: ",", omittingEmptySubsequences: false) {
                let endpoint = endpoint.trimmingCharacters(in: .whitespaces)
                if let problem = Self.endpointProblem(endpoint) { throw ConfigurationError(key: key, source: "settings", problem: problem) }
            }
        }
        if (try? Self.hostAndPort(http)) == nil {
            throw ConfigurationError(key: "http", source: "settings", problem: "expected host:port with a port from 0 to 65535, got \"\(http)\"")
        }
        try check("concurrency", concurrency >= 1 && concurrency <= 1_000, "must be from 1 to 1000")
        try check("heartbeatMs", heartbeatMs >= 10 && heartbeatMs <= 60_000, "must be from 10 to 60000")
        try check("liveness", liveness >= 1 && liveness <= 100, "must be from 1 to 100")
        try check("exportReserveBytes", exportReserveBytes >= 0, "must not be negative")
        try check("logFormat", Log.Format(rawValue: logFormat) != nil, "must be text or json")
        try check("reminderSeconds", reminderSeconds >= 0 && reminderSeconds <= 31_622_400, "must be from 0 (none) to 31622400 (a year)")
        try check("maxSuspended", maxSuspended >= 1 && maxSuspended <= 10_000_000, "must be from 1 to 10000000")
        try check("logLevel", Log.Level(name: logLevel) != nil, "must be debug, info, warning, error or off")
        try check("requestTimeoutMs", requestTimeoutMs >= 1, "must be positive")
        try check("webhookMaxAttempts", webhookMaxAttempts >= 1 && webhookMaxAttempts <= 100, "must be from 1 to 100")
        try check("webhookBackoffMs", webhookBackoffMs >= 1 && webhookBackoffMs <= 3_600_000, "must be from 1 to 3600000")
        try check("webhookTimeoutMs", webhookTimeoutMs >= 1 && webhookTimeoutMs <= 600_000, "must be from 1 to 600000")
        try check("webhookSecret", webhookUrl.isEmpty || !webhookSecret.isEmpty, "webhookUrl needs a webhookSecret")
        try check("data", !data.isEmpty, "must not be empty")
        try check("library", !library.isEmpty, "must not be empty")
        if let bad = allowedOriginList.first(where: { !Self.isOrigin($0) }) {
            throw ConfigurationError(key: "allowedOrigins", source: "settings", problem: "\"\(bad)\" is not an origin: expected scheme://host[:port], without a path")
        }
        try check("maxMessageBytes", maxMessageBytes >= 64 << 10 && maxMessageBytes <= 64 << 20, "must be from 65536 to 67108864")
        try check("maxJsonDepth", maxJsonDepth >= 2 && maxJsonDepth <= 512, "must be from 2 to 512")
        try check("maxJsonKeys", maxJsonKeys >= 1 && maxJsonKeys <= 100_000, "must be from 1 to 100000")
        try check("maxRedispatches", maxRedispatches >= 1 && maxRedispatches <= 1_000, "must be from 1 to 1000")
        if !journal.isEmpty {
            do {
                _ = try PostgresURL(journal)
            } catch {
                throw ConfigurationError(key: "journal", source: "settings", problem: "\(error.message); empty means SQLite in `data`")
            }
        }
        try check("retention", retentionSeconds != nil, "must be 0 (keep everything) or a duration such as 7d, 12h or 30m")
        try check("httpConnectionLimit", httpConnectionLimit >= 1 && httpConnectionLimit <= 10_000, "must be from 1 to 10000")
        try check("httpIdleTimeoutSeconds", httpIdleTimeoutSeconds >= 1 && httpIdleTimeoutSeconds <= 3_600,
                  "must be from 1 to 3600 seconds; a connection that sends nothing is always closed in the end")
        try check("workerName", workerName.count <= 128 && !workerName.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                  "must be at most 128 characters without control characters")
        try check("webhookInFlight", webhookInFlight >= 1 && webhookInFlight <= 256, "must be from 1 to 256")
    }

    private func check(_ key: String, _ condition: Bool, _ problem: String) throws(ConfigurationError) {
        if !condition { throw ConfigurationError(key: key, source: "settings", problem: problem) }
    }

    /// Why an endpoint is unusable, or `nil`: `tcp://host:port` (port 1–65535 or `*`), `ipc://path`, `inproc://name`.
    public static func endpointProblem(_ endpoint: String) -> String? {
        if endpoint.hasPrefix("ipc://") || endpoint.hasPrefix("inproc://") {
            return endpoint.split(separator: "/", omittingEmptySubsequences: false).count > 2 && !endpoint.hasSuffix("//") ? nil : "\"\(endpoint)\" names nothing"
        }
        guard endpoint.hasPrefix("tcp://"), let colon = endpoint.lastIndex(of: ":"), colon > endpoint.index(endpoint.startIndex, offsetBy: 5) else {
            return "expected tcp://host:port, ipc://path or inproc://name, got \"\(endpoint)\""
        }
        let port = endpoint[endpoint.index(after: colon)...]
        if port == "*" { return nil }
        guard let number = Int(port), (1...65_535).contains(number) else { return "port must be from 1 to 65535 or *, got \"\(port)\"" }
        return nil
    }

    /// Splits `host:port`.
    public static func hostAndPort(_ address: String) throws(ConfigurationError) -> (host: String, port: UInt16) {
        guard let colon = address.lastIndex(of: ":"), let port = UInt16(address[address.index(after: colon)...]) else {
            throw ConfigurationError(key: "http", source: "settings", problem: "expected host:port, got \"\(address)\"")
        }
        return (String(address[..<colon]), port)
    }
}
