import Foundation

/// Short, prefixed, random ids a person can read and paste: `job_3f9c0a1b7d2e4c55`.
public enum Identifier {
    /// A new id with `prefix`, 64 random bits in hex.
    public static func make(_ prefix: String) -> String {
        prefix + "_" + String(format: "%016llx", UInt64.random(in: .min ... .max))
    }
}
