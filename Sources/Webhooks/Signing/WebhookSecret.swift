import Sodium

/// The shared key of a Standard Webhooks endpoint; its description never reveals the key.
public struct WebhookSecret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    private static let prefix = "whsec_"

    let key: [UInt8]

    /// Parses `whsec_<base64>` or bare base64, padded or not; refuses an empty key.
    public init(_ text: String) throws(WebhookSecretError) {
        let encoded = text.hasPrefix(Self.prefix) ? String(text.dropFirst(Self.prefix.count)) : text
        guard !encoded.isEmpty else { throw WebhookSecretError(code: .empty) }
        guard let key = Sodium.bytes(lenientBase64: encoded), !key.isEmpty else {
            throw WebhookSecretError(code: .invalidBase64)
        }
        self.key = key
    }

    /// A fresh random secret of `byteCount` bytes (24 to 64 is what the specification suggests).
    public static func generate(byteCount: Int = 32) -> WebhookSecret {
        WebhookSecret(key: Sodium.randomBytes(max(1, byteCount)))
    }

    private init(key: [UInt8]) {
        self.key = key
    }

    /// The `whsec_<base64>` form to hand to the other party; the only way to read the key out.
    public var exported: String {
        Self.prefix + Sodium.base64(key)
    }

    /// A redacted description that shows only the key length.
    public var description: String {
        "WebhookSecret(\(key.count) bytes, redacted)"
    }

    /// The same redacted description, so `debugPrint` and string interpolation never leak the key.
    public var debugDescription: String {
        description
    }

    /// Compares keys in constant time.
    public static func == (lhs: WebhookSecret, rhs: WebhookSecret) -> Bool {
        Sodium.constantTimeEqual(lhs.key, rhs.key)
    }
}
