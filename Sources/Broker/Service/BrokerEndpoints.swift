/// Where the broker listens: clients (ROUTER), workers (ROUTER) and events (PUB).
public struct BrokerEndpoints: Sendable, Hashable {
    public var clients: String
    public var workers: String
    public var events: String

    public init(clients: String, workers: String, events: String) {
        self.clients = clients
        self.workers = workers
        self.events = events
    }

    /// The first setting that names several endpoints (a broker listens on one), with its value.
    public var list: (setting: String, endpoint: String)? {
        [("clients", clients), ("workers", workers), ("events", events)].first { $0.1.contains(",") }
    }

    /// The endpoints other machines could reach, each with the setting that names it.
    public var beyondLoopback: [(setting: String, endpoint: String)] {
        [("clients", clients), ("workers", workers), ("events", events)].filter { !Self.isLocal($0.1) }
    }

    /// Whether only this machine can connect: `ipc://`, `inproc://`, or TCP on a loopback address.
    public static func isLocal(_ endpoint: String) -> Bool {
        if endpoint.hasPrefix("ipc://") || endpoint.hasPrefix("inproc://") { return true }
        guard endpoint.hasPrefix("tcp://"), let colon = endpoint.lastIndex(of: ":") else { return false }
        let host = endpoint[endpoint.index(endpoint.startIndex, offsetBy: 6)..<colon]
        if host == "localhost" || host == "[::1]" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}

/// Why the broker would not start.
public enum BrokerStartError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An endpoint reachable from other machines, with no CURVE keys to keep strangers out.
    case exposedWithoutKeys(setting: String, endpoint: String)
    /// A list of endpoints where the broker needs the one it listens on.
    case severalEndpoints(setting: String, endpoint: String)

    /// One line naming the setting and the fix.
    public var description: String {
        switch self {
        case .exposedWithoutKeys(let setting, let endpoint):
            "\(setting) is \(endpoint), reachable beyond this machine, but no CURVE keys are configured: "
                + "set curveSecretKeyFile and authorizedKeysFile (see docs/security.md), or bind \(setting) to 127.0.0.1"
        case .severalEndpoints(let setting, let endpoint):
            "\(setting) is \(endpoint), a list: a broker listens on one endpoint; lists are for the processes that connect to several brokers"
        }
    }
}
