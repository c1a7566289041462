import CZeroMQ

/// How a socket authenticates and encrypts its connections; applied once, when the socket is created.
///
/// A CURVE server accepts only CURVE clients, and only those the context's ZAP handler admits (see
/// `ZAPHandler`): without a handler libzmq would encrypt but admit any key.
public enum SocketSecurity: Sendable, Hashable, CustomStringConvertible {
    /// Plain ZMTP: no encryption, no authentication (loopback and `ipc://` only).
    case none
    /// The CURVE server side: the socket's secret key, and the ZAP domain that tells the handler which socket asks.
    case curveServer(secretKey: CurveSecretKey, domain: String)
    /// The CURVE client side: the server's public key and this client's own secret key.
    case curveClient(serverKey: CurvePublicKey, secretKey: CurveSecretKey)

    /// Whether the socket uses CURVE.
    public var isCurve: Bool { self != .none }

    /// Names the mechanism and the public keys involved, never a secret key.
    public var description: String {
        switch self {
        case .none: "none"
        case .curveServer(let key, let domain): "CURVE server \(key.publicKey) (ZAP domain \(domain))"
        case .curveClient(let server, let key): "CURVE client \(key.publicKey) to server \(server)"
        }
    }
}

extension Socket {
    /// Creates a socket of `type` in `context` with `security` applied before any bind or connect.
    public convenience init(_ context: Context, _ type: SocketType, security: SocketSecurity) throws(ZMQError) {
        try self.init(context, type)
        do {
            try apply(security)
        } catch {
            close()
            throw error
        }
    }

    private func apply(_ security: SocketSecurity) throws(ZMQError) {
        switch security {
        case .none:
            break
        case .curveServer(let secretKey, let domain):
            try setOption(ZMQ_CURVE_SERVER, "ZMQ_CURVE_SERVER", 1)
            try setOption(ZMQ_CURVE_SECRETKEY, "ZMQ_CURVE_SECRETKEY", bytes: secretKey.bytes)
            try setOption(ZMQ_ZAP_DOMAIN, "ZMQ_ZAP_DOMAIN", bytes: Array(domain.utf8))
        case .curveClient(let serverKey, let secretKey):
            try setOption(ZMQ_CURVE_SERVERKEY, "ZMQ_CURVE_SERVERKEY", bytes: serverKey.bytes)
            try setOption(ZMQ_CURVE_PUBLICKEY, "ZMQ_CURVE_PUBLICKEY", bytes: secretKey.publicKey.bytes)
            try setOption(ZMQ_CURVE_SECRETKEY, "ZMQ_CURVE_SECRETKEY", bytes: secretKey.bytes)
        }
    }
}
