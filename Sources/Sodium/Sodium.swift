import CSodium
public import Foundation

/// The only door to libsodium: HMAC-SHA256, constant-time comparison, random bytes and base64 for
/// webhook signatures and API token digests.
public enum Sodium {
    /// Runs `sodium_init` exactly once (a `static let` initializer is run once, thread-safely).
    private static let initialized: Bool = sodium_init() >= 0

    /// Makes sure libsodium is initialized before any other call.
    public static func ensureInitialized() {
        precondition(initialized, "libsodium failed to initialize")
    }

    /// HMAC-SHA256 of `parts`, concatenated, under `key`.
    public static func hmacSHA256(key: [UInt8], parts: [Data]) -> [UInt8] {
        ensureInitialized()
        // The one-shot crypto_auth_hmacsha256 insists on a 32-byte key; Standard Webhooks keys may
        // have any length, which the init/update/final form of the same primitive accepts.
        var state = crypto_auth_hmacsha256_state()
        _ = crypto_auth_hmacsha256_init(&state, key, key.count)
        for part in parts {
            _ = part.withUnsafeBytes { bytes in
                crypto_auth_hmacsha256_update(
                    &state, bytes.bindMemory(to: UInt8.self).baseAddress, UInt64(bytes.count))
            }
        }
        var mac = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_BYTES))
        _ = crypto_auth_hmacsha256_final(&state, &mac)
        return mac
    }

    /// Whether two byte strings are equal, compared in constant time for equal lengths.
    public static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        ensureInitialized()
        guard lhs.count == rhs.count else { return false }
        guard !lhs.isEmpty else { return true }
        return sodium_memcmp(lhs, rhs, lhs.count) == 0
    }

    /// `count` bytes from libsodium's cryptographically secure generator.
    public static func randomBytes(_ count: Int) -> [UInt8] {
        ensureInitialized()
        var bytes = [UInt8](repeating: 0, count: count)
        randombytes_buf(&bytes, count)
        return bytes
    }
}
