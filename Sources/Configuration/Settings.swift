import Foundation

/// Every setting of Interlude, from `config/interlude.json` and then `INTERLUDE_…` environment variables.
///
/// A key `fooBar` is overridden by `INTERLUDE_FOO_BAR`. Unknown keys and bad values are errors that
/// name the key and where it came from; nothing starts on a half-read configuration.
public struct Settings: Sendable, Hashable {
    /// Folder of the journal (SQLite).
    public var data = "data"
    /// Folder the shipped operations act on.
    public var library = "library"
    /// Broker endpoint for clients (ROUTER).
    public var clients = "tcp://127.0.0.1:5570"
    /// Broker endpoint for workers (ROUTER).
    public var workers = "tcp://127.0.0.1:5571"
    /// Broker endpoint for events (PUB).
    public var events = "tcp://127.0.0.1:5572"
    /// Gateway address, `host:port`.
    public var http = "127.0.0.1:8080"
    /// Jobs a worker runs at once.
    public var concurrency = 4
    /// Heartbeat interval between broker and workers, in milliseconds.
    public var heartbeatMs = 1_000
    /// Missed heartbeats before a peer is declared dead.
    public var liveness = 3
    /// SQLite `synchronous`: `full` (default) or `normal`.
    public var synchronous = "full"
    /// Bytes an export must leave free on its destination.
    public var exportReserveBytes: Int64 = 0
    /// `debug`, `info`, `warning`, `error` or `off`.
    public var logLevel = "info"
    /// Name a worker announces; empty means host name and process id.
    public var workerName = ""
    /// How long a command waits for the broker, in milliseconds.
    public var requestTimeoutMs = 5_000

    public init() {}

    /// The keys, in the order the documentation lists them.
    public static let keys = [
        "data", "library", "clients", "workers", "events", "http", "concurrency", "heartbeatMs", "liveness",
        "synchronous", "exportReserveBytes", "logLevel", "workerName", "requestTimeoutMs",
    ]

    /// The environment variable that overrides `key`: `heartbeatMs` → `INTERLUDE_HEARTBEAT_MS`.
    public static func environmentName(_ key: String) -> String {
        var name = "INTERLUDE_"
        for character in key {
            if character.isUppercase { name += "_" }
            name += character.uppercased()
        }
        return name
    }

    /// The heartbeat interval in seconds.
    public var heartbeatInterval: TimeInterval { Double(heartbeatMs) / 1000 }

    /// The log for a component at the configured level.
    public func log(_ component: String) -> Log { Log(component, level: Log.Level(name: logLevel) ?? .info) }

    /// This worker's name: the configured one, or host and process id.
    public var resolvedWorkerName: String {
        workerName.isEmpty ? "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)" : workerName
    }
}
