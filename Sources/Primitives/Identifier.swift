public import Foundation

/// Short random ids a person can read and paste.
public enum Identifier {
    /// A new id with `prefix` and 64 random bits in hex: `job_3f9c0a1b7d2e4c55`.
    public static func make(_ prefix: String) -> String {
        prefix + "_" + hex(UInt64.random(in: .min ... .max), digits: 16)
    }

    /// A new id with `prefix`, the time it was made (8 hex digits of Unix time, then 3 of the millisecond)
    /// and 52 random bits: `job_6b0deb6d2f13f9c0a1b7d2e4c`. Ids made later sort after earlier ones (to the
    /// millisecond), so a journal's indexes keyed by them grow at one end instead of being written all
    /// over: with random ids each parked job dirtied pages across every such index, and the writes per job
    /// grew with the table; ordered only to the second, the jobs of one busy second still landed on pages
    /// all over that second's range, a page or more per job and index in every commit.
    public static func ordered(_ prefix: String, at date: Date = Date()) -> String {
        let milliseconds = UInt64(max(0, min((date.timeIntervalSince1970 * 1000).rounded(), Double(UInt32.max) * 1000 + 999)))
        return prefix + "_" + hex(milliseconds / 1000, digits: 8) + hex(milliseconds % 1000, digits: 3)
            + hex(UInt64.random(in: 0..<1 << 52), digits: 13)
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
