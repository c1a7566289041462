public import ZeroMQ

/// The broker's CURVE setup: its own secret key and the file of keys it admits.
public struct BrokerKeys: Sendable {
    /// The broker's secret key; clients and workers are given its public key.
    public let secretKey: CurveSecretKey
    /// The authorized keys file, read again on `BrokerService.reloadKeys()`.
    public let authorizedKeysFile: String
    /// The keys as last read.
    public let authorized: AuthorizedKeys

    /// Reads the authorized keys file; a bad file is an error naming its line.
    public init(secretKey: CurveSecretKey, authorizedKeysFile: String) throws(AuthorizedKeysError) {
        self.secretKey = secretKey
        self.authorizedKeysFile = authorizedKeysFile
        authorized = try AuthorizedKeys.load(authorizedKeysFile)
    }

    /// Keys given directly, for a broker embedded in a test or benchmark; `reloadKeys()` still reads `authorizedKeysFile`.
    public init(secretKey: CurveSecretKey, authorized: AuthorizedKeys, authorizedKeysFile: String = "") {
        self.secretKey = secretKey
        self.authorizedKeysFile = authorizedKeysFile
        self.authorized = authorized
    }

    /// How the socket of `domain` is secured.
    func security(_ domain: BrokerDomain) -> SocketSecurity {
        .curveServer(secretKey: secretKey, domain: domain.rawValue)
    }
}
