/// The 64-bit FNV-1a hash: fast, stable across runs and machines, and not cryptographic. For names
/// derived from content (an asset's ETag, an endpoint's key), never for secrets.
public enum FNV1a {
    /// The hash of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The hash of `bytes` as 16 lower-case hex digits.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let text = String(hash(bytes), radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
