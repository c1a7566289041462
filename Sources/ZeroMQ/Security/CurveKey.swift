import CZeroMQ

/// A CURVE public key: 32 bytes, written as 40 characters of Z85 in files and settings.
public struct CurvePublicKey: Sendable, Hashable, CustomStringConvertible {
    /// The key's 32 bytes.
    public let bytes: [UInt8]

    /// The key whose Z85 text is `z85` (surrounding whitespace ignored), or nil if it is not one.
    public init?(z85: some StringProtocol) {
        guard let bytes = Z85.decode(z85.trimmingWhitespace, count: CurveKeyPair.keyBytes) else { return nil }
        self.bytes = bytes
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The key as 40 characters of Z85.
    public var z85: String { Z85.encode(bytes) }

    /// The Z85 text: a public key is safe to print.
    public var description: String { z85 }
}

/// A CURVE secret key. It never prints itself; `publicKey` is derived from it.
public struct CurveSecretKey: Sendable, Hashable, CustomStringConvertible {
    /// The key's 32 bytes.
    public let bytes: [UInt8]
    /// The public key that belongs to this secret key.
    public let publicKey: CurvePublicKey

    /// The key whose Z85 text is `z85` (surrounding whitespace ignored), or nil if it is not one.
    public init?(z85: some StringProtocol) {
        let text = z85.trimmingWhitespace
        guard let bytes = Z85.decode(text, count: CurveKeyPair.keyBytes) else { return nil }
        var publicText = [CChar](repeating: 0, count: 41)
        guard zmq_curve_public(&publicText, text) == 0,
            let publicKey = CurvePublicKey(z85: Z85.text(of: publicText))
        else { return nil }
        self.bytes = bytes
        self.publicKey = publicKey
    }

    /// The key as 40 characters of Z85, for writing its file; never log it.
    public var z85: String { Z85.encode(bytes) }

    /// Names only the public half, so a secret key in a log line or an error gives nothing away.
    public var description: String { "secret key of \(publicKey)" }
}

/// A fresh CURVE key pair from libzmq (libsodium underneath).
public struct CurveKeyPair: Sendable, Hashable {
    /// The length of every CURVE key in bytes.
    public static let keyBytes = 32

    /// The half to hand out.
    public let publicKey: CurvePublicKey
    /// The half to keep.
    public let secretKey: CurveSecretKey

    /// Generates a new pair.
    public static func generate() throws(ZMQError) -> CurveKeyPair {
        var publicText = [CChar](repeating: 0, count: 41)
        var secretText = [CChar](repeating: 0, count: 41)
        try libzmq("zmq_curve_keypair") { zmq_curve_keypair(&publicText, &secretText) }
        defer { for index in secretText.indices { secretText[index] = 0 } }
        guard let secretKey = CurveSecretKey(z85: Z85.text(of: secretText)) else {
            throw ZMQError(code: EINVAL, operation: "zmq_curve_keypair")
        }
        return CurveKeyPair(publicKey: secretKey.publicKey, secretKey: secretKey)
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
