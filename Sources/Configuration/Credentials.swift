import Foundation
public import ZeroMQ

/// The CURVE keys this process was configured with, read once at start.
///
/// Without `curveSecretKeyFile` every socket is plain (the broker then allows loopback only).
public struct Credentials: Sendable {
    /// This process's secret key.
    public let secretKey: CurveSecretKey?
    /// The broker's public key, as `brokerPublicKey` gives it.
    public let brokerKey: CurvePublicKey?

    /// Reads the key file and the broker's public key; a bad one is an error naming its setting.
    public init(_ settings: Settings) throws {
        if settings.curveSecretKeyFile.isEmpty {
            secretKey = nil
        } else {
            do {
                secretKey = try CurveKeyFile.secretKey(at: settings.curveSecretKeyFile)
            } catch {
                throw ConfigurationError(key: "curveSecretKeyFile", source: "settings", problem: error.description)
            }
        }
        brokerKey = try Self.publicKey(settings.brokerPublicKey)
        if secretKey == nil, brokerKey != nil {
            throw ConfigurationError(
                key: "brokerPublicKey", source: "settings",
                problem: "needs curveSecretKeyFile too: this process's own key (interlude keygen NAME)")
        }
    }

    /// How a socket that connects to the broker is secured; `localBroker` is the key of a broker in this process.
    public func brokerConnection(localBroker: CurvePublicKey? = nil) throws -> SocketSecurity {
        guard let secretKey else { return .none }
        guard let serverKey = brokerKey ?? localBroker else {
            throw ConfigurationError(
                key: "brokerPublicKey", source: "settings",
                problem: "is needed with curveSecretKeyFile: the broker's public key (its .pub file or its 40 characters)")
        }
        return .curveClient(serverKey: serverKey, secretKey: secretKey)
    }

    /// `brokerPublicKey`: 40 Z85 characters, or the path of a `.pub` file.
    private static func publicKey(_ value: String) throws -> CurvePublicKey? {
        guard !value.isEmpty else { return nil }
        if let key = CurvePublicKey(z85: value) { return key }
        do {
            return try CurveKeyFile.publicKey(at: value)
        } catch {
            throw ConfigurationError(
                key: "brokerPublicKey", source: "settings", problem: "neither a public key (40 Z85 characters) nor a readable key file: \(error)")
        }
    }
}
