/// Why an `HTTPServer` could not start; names the address it tried.
public struct HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable {
        /// The host is not an IPv4 address (or `localhost`), or the port is out of range.
        case invalidAddress
        /// libmicrohttpd could not listen there, typically because the port is taken.
        case startFailed
    }

    /// What went wrong.
    public let code: Code
    /// The host that was asked for.
    public let host: String
    /// The port that was asked for.
    public let port: Int

    /// One line naming the address and what to check.
    public var description: String {
        switch code {
        case .invalidAddress: "cannot listen on \(host):\(port): expected an IPv4 address and a port in 0...65535"
        case .startFailed: "cannot listen on \(host):\(port): is the port already in use?"
        }
    }
}
