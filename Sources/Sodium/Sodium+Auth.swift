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

    /// URL-safe base64 of `bytes`, without padding (fits a path segment).
    public static func base64URL(_ bytes: [UInt8]) -> String {
        ensureInitialized()
        let variant = sodium_base64_VARIANT_URLSAFE_NO_PADDING
        var text = [CChar](repeating: 0, count: sodium_base64_encoded_len(bytes.count, variant))
        _ = bytes.withUnsafeBufferPointer {
            sodium_bin2base64(&text, text.count, $0.baseAddress, $0.count, variant)
        }
        return String(decoding: text.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The bytes of unpadded URL-safe base64 `text`, or nil when it is not exactly that.
    public static func bytes(base64URL text: String) -> [UInt8]? {
        ensureInitialized()
        let chars = Array(text.utf8)
        guard !chars.isEmpty else { return [] }
        var bytes = [UInt8](repeating: 0, count: chars.count / 4 * 3 + 3)
        var length = 0
        // A nil end pointer makes libsodium refuse any text it cannot decode in full.
        let status = chars.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) {
                sodium_base642bin(
                    &bytes, bytes.count, $0.baseAddress, $0.count, nil, &length, nil, sodium_base64_VARIANT_URLSAFE_NO_PADDING)
            }
        }
        return status == 0 ? Array(bytes.prefix(length)) : nil
    }
}
