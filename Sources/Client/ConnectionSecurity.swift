public import ZeroMQ

/// How every socket a `BrokerConnection` opens is secured (CURVE once keys exist), applied in one
/// place each time a socket is created or reopened.
public struct ConnectionSecurity: Sendable, Hashable, CustomStringConvertible {
    let socket: SocketSecurity

    /// Plain sockets: loopback and `ipc://` only.
    public static let none = ConnectionSecurity(.none)

    /// The security a process's keys give its sockets to the broker.
    public init(_ socket: SocketSecurity) {
        self.socket = socket
    }

    /// Names the mechanism and public keys, never a secret key.
    public var description: String { socket.description }
}
