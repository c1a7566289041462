import CSodium

extension Sodium {
    /// The length of a `crypto_auth` key and of its tag (HMAC-SHA512-256): 32 bytes.
    public static let authKeyBytes = Int(crypto_auth_KEYBYTES)

    /// A new random `crypto_auth` key.
    public static func authKey() -> [UInt8] {
        randomBytes(authKeyBytes)
    }

    /// The HMAC-SHA512-256 tag of `message` under a 32-byte `key`; nil for a key of another length.
    public static func authTag(_ message: [UInt8], key: [UInt8]) -> [UInt8]? {
        ensureInitialized()
        guard key.count == authKeyBytes else { return nil }
        var tag = [UInt8](repeating: 0, count: Int(crypto_auth_BYTES))
        _ = crypto_auth(&tag, message, UInt64(message.count), key)
        return tag
    }

    /// Whether `tag` is `message`'s HMAC-SHA512-256 under `key`, checked in constant time.
    public static func authVerify(_ tag: [UInt8], _ message: [UInt8], key: [UInt8]) -> Bool {
        ensureInitialized()
        guard key.count == authKeyBytes, tag.count == Int(crypto_auth_BYTES) else { return false }
        return crypto_auth_verify(tag, message, UInt64(message.count), key) == 0
    }
}
