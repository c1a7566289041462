import CZeroMQ

/// A failed libzmq or system call: the errno it reported and the operation that failed.
public struct ZMQError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The errno value, which may be one of libzmq's own codes such as `ETERM`.
    public let code: Int32
    /// The call that failed and its argument, for example `zmq_bind(tcp://127.0.0.1:99999)`.
    public let operation: String

    /// Creates an error for `operation` failing with errno `code`.
    public init(code: Int32, operation: String) {
        self.code = code
        self.operation = operation
    }

    /// Whether the context is shutting down, so the owning loop should close its sockets and leave.
    public var isTerminated: Bool { code == ETERM }

    /// Whether a ROUTER with `routerMandatory` was asked to send to an identity it does not know.
    public var isHostUnreachable: Bool { code == EHOSTUNREACH }

    /// The operation followed by libzmq's text for the errno.
    public var description: String {
        "\(operation) failed: \(String(cString: zmq_strerror(code))) (errno \(code))"
    }
}

extension ZMQError {
    /// The error for using a socket after `close()`.
    static func closed(_ operation: String) -> ZMQError {
        ZMQError(code: ENOTSOCK, operation: operation)
    }
}
