/// Short random ids a person can read and paste.
public enum Identifier {
    /// A new id with `prefix` and 64 random bits in hex: `job_3f9c0a1b7d2e4c55`.
    public static func make(_ prefix: String) -> String {
        prefix + "_" + hex(UInt64.random(in: .min ... .max), digits: 16)
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
