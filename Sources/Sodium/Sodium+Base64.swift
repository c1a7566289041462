import CSodium

extension Sodium {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Standard (padded) base64 of `bytes`.
    public static func base64(_ bytes: [UInt8]) -> String {
        encode(bytes, variant: sodium_base64_VARIANT_ORIGINAL)
    }

    /// URL-safe base64 of `bytes`, without padding (fits a path segment).
    public static func base64URL(_ bytes: [UInt8]) -> String {
        encode(bytes, variant: sodium_base64_VARIANT_URLSAFE_NO_PADDING)
    }

    /// The bytes of unpadded URL-safe base64 `text`, or nil when it is not exactly that.
    public static func bytes(base64URL text: String) -> [UInt8]? {
        decode(Array(text.utf8), variant: sodium_base64_VARIANT_URLSAFE_NO_PADDING)
    }

    private static func encode(_ bytes: [UInt8], variant: Int32) -> String {
        ensureInitialized()
        var text = [CChar](repeating: 0, count: sodium_base64_encoded_len(bytes.count, variant))
        _ = bytes.withUnsafeBufferPointer {
            sodium_bin2base64(&text, text.count, $0.baseAddress, $0.count, variant)
        }
        return String(decoding: text.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The bytes of strict, padded standard base64 `text`, or nil when it is not exactly that.
    public static func bytes(base64 text: String) -> [UInt8]? {
        decode(Array(text.utf8), variant: sodium_base64_VARIANT_ORIGINAL)
    }

    /// The bytes of standard base64 `text`, padded or not, ignoring unused trailing bits.
    public static func bytes(lenientBase64 text: String) -> [UInt8]? {
        var chars = Array(text.utf8)
        while chars.last == UInt8(ascii: "=") { chars.removeLast() }
        let remainder = chars.count % 4
        guard remainder != 1 else { return nil }
        // libsodium rejects non-zero bits after the last byte; other Standard Webhooks libraries
        // accept them (the spec's vectors include such a secret), so clear them first.
        if remainder != 0, let last = chars.last, let value = alphabet.firstIndex(of: last) {
            let unusedBits = remainder == 2 ? 4 : 2
            chars[chars.count - 1] = alphabet[(value >> unusedBits) << unusedBits]
        }
        chars += Array(repeating: UInt8(ascii: "="), count: (4 - remainder) % 4)
        return decode(chars, variant: sodium_base64_VARIANT_ORIGINAL)
    }

    /// Decodes all of `chars` (a nil end pointer makes libsodium refuse any text it cannot decode in full).
    private static func decode(_ chars: [UInt8], variant: Int32) -> [UInt8]? {
        ensureInitialized()
        guard !chars.isEmpty else { return [] }
        var bytes = [UInt8](repeating: 0, count: chars.count / 4 * 3 + 3)
        var length = 0
        let status = chars.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) {
                sodium_base642bin(
                    &bytes, bytes.count, $0.baseAddress, $0.count, nil, &length, nil, variant)
            }
        }
        return status == 0 ? Array(bytes.prefix(length)) : nil
    }
}
