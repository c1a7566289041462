import Foundation
import PostgreSQL

extension Settings {
    /// Checks every value, in the table's order; the first bad one is reported.
    public func validate() throws(ConfigurationError) {
        for setting in Self.table {
            if let problem = setting.problem(self) { throw ConfigurationError(key: setting.key, source: "settings", problem: problem) }
        }
    }

    /// Why a comma-separated list of endpoints (several brokers sharing one journal, docs/scaling.md) is unusable, or nil.
    static func endpointListProblem(_ list: String) -> String? {
        list.split(separator: ",", omittingEmptySubsequences: false).lazy
            .compactMap { endpointProblem($0.trimmingCharacters(in: .whitespaces)) }.first
    }

    /// Why a list of origins is unusable (one is not `scheme://host[:port]`), or nil.
    static func originsProblem(_ origins: [String]) -> String? {
        origins.first { !isOrigin($0) }.map { "\"\($0)\" is not an origin: expected scheme://host[:port], without a path" }
    }

    /// Why `journal` is unusable (neither empty nor a PostgreSQL URL libpq can read), or nil.
    static func journalProblem(_ journal: String) -> String? {
        guard !journal.isEmpty else { return nil }
        do {
            _ = try PostgresURL(journal)
            return nil
        } catch {
            return "\(error.message); empty means SQLite in `data`"
        }
    }

    /// Why a worker name is unusable (too long, or with control characters), or nil.
    static func workerNameProblem(_ name: String) -> String? {
        name.count <= 128 && !name.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            ? nil : "must be at most 128 characters without control characters"
    }

    /// `value` with the password of a URL redacted, for printing `journal`.
    static func redactedURL(_ value: String) -> String { PostgresURL.redact(value) }

    /// Why an endpoint is unusable, or `nil`: `tcp://host:port` (port 1–65535 or `*`), `ipc://path`, `inproc://name`.
    public static func endpointProblem(_ endpoint: String) -> String? {
        if endpoint.hasPrefix("ipc://") || endpoint.hasPrefix("inproc://") {
            return endpoint.split(separator: "/", omittingEmptySubsequences: false).count > 2 && !endpoint.hasSuffix("//")
                ? nil : "\"\(endpoint)\" names nothing"
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
