import Configuration
import Foundation

/// Addresses `interlude up` would bind that something already listens on, found before it creates
/// anything, so a second `up` beside a running one names the settings to change and leaves no demo
/// library or journal behind.
struct EndpointsInUse: CodedFailure, CustomStringConvertible {
    let code = "endpointInUse"
    /// Each taken address with the setting that names it, in the order `clients`, `workers`, `events`, `http`.
    let taken: [(key: String, address: String)]
    /// The gateway's address in these settings, where a running one's page would be.
    let http: String

    var description: String {
        let names = taken.map { "\($0.address) (\($0.key))" }.joined(separator: ", ")
        let page = taken.contains { $0.key == "http" } ? "; its page is http://\(http)/" : ""
        let keys = ["clients", "workers", "events", "http"]
        let variables = keys.map { Settings.environmentName($0) }
        return """
            \(names) \(taken.count == 1 ? "is" : "are") already in use, probably by another `interlude up`; nothing was created here.
              Reach the one running there with `interlude status` and these settings\(page).
              To run another one beside it, give this one free addresses: \(variables.joined(separator: ", ")) (the settings \
            \(keys.joined(separator: ", ")); see docs/configuration.md), such as \(variables[0])=tcp://127.0.0.1:5580.
            """
    }

    /// Throws when any of the addresses of `settings` that `up` binds is taken.
    static func check(_ settings: Settings) throws(EndpointsInUse) {
        let addresses = [("clients", settings.clients), ("workers", settings.workers), ("events", settings.events)].compactMap { key, endpoint in
            endpoint.hasPrefix("tcp://") && !endpoint.contains(",") ? (key, String(endpoint.dropFirst("tcp://".count))) : nil
        }
        let taken = (addresses + [("http", settings.http)]).filter { isTaken($0.1) }.map { (key: $0.0, address: $0.1) }
        guard taken.isEmpty else { throw EndpointsInUse(taken: taken, http: settings.http) }
    }

    /// Whether binding the IPv4 `host:port` fails because something is bound there; any address this
    /// cannot read (a name, IPv6, a `*` port) is left to the real bind to judge.
    static func isTaken(_ address: String) -> Bool {
        guard let colon = address.lastIndex(of: ":"), let port = UInt16(address[address.index(after: colon)...]), port != 0 else { return false }
        let host = String(address[..<colon])
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = port.bigEndian
        let numeric = ["", "*", "0.0.0.0"].contains(host) ? "0.0.0.0" : host == "localhost" ? "127.0.0.1" : host
        guard inet_pton(AF_INET, numeric, &target.sin_addr) == 1 else { return false }
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        // As libzmq and libmicrohttpd bind: a port left in TIME_WAIT by a process that ended is free.
        var reuse: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return bound != 0 && errno == EADDRINUSE
    }
}
