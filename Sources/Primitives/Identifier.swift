import Foundation

/// Short random ids a person can read and paste.
public enum Identifier {
    /// A new id with `prefix` and 64 random bits in hex: `job_3f9c0a1b7d2e4c55`.
    public static func make(_ prefix: String) -> String {
        prefix + "_" + hex(UInt64.random(in: .min ... .max), digits: 16)
    }

    /// A new id with `prefix`, the second it was made (8 hex digits of Unix time) and 64 random bits:
    /// `job_6b0deb6d3f9c0a1b7d2e4c55`. Ids made later sort after earlier ones (to the second), so a
    /// journal's indexes keyed by them grow at one end instead of being written all over: with random ids
    /// each parked job dirtied pages across every such index, and the writes per job grew with the table.
    public static func ordered(_ prefix: String, at date: Date = Date()) -> String {
        let seconds = UInt64(max(0, min(date.timeIntervalSince1970, Double(UInt32.max))))
        return prefix + "_" + hex(seconds, digits: 8) + hex(UInt64.random(in: .min ... .max), digits: 16)
    }

    /// 32 random bits in hex, `3f9c0a1b`: tells one process's correlation ids from another's.
    public static func short() -> String {
        hex(UInt64(UInt32.random(in: .min ... .max)), digits: 8)
    }

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: digits - text.count) + text
    }
}
