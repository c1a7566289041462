public import JSON
import Presentation

/// A reproducible random sequence (SplitMix64), so a failing randomized test fails the same way again.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    /// A sequence that starts from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &self)] }

    /// Damages `bytes` in one to three places: a byte replaced by, or inserted from, `alphabet`, or removed.
    public mutating func damage(_ bytes: inout [UInt8], from alphabet: [UInt8]) {
        for _ in 0..<Int.random(in: 1...3, using: &self) {
            let at = Int.random(in: 0..<bytes.count, using: &self)
            switch Int.random(in: 0..<3, using: &self) {
            case 0: bytes[at] = pick(alphabet)
            case 1: bytes.remove(at: at)
            default: bytes.insert(pick(alphabet), at: at)
            }
        }
    }

    /// Text mixing ASCII, escapes the encoder must write, and characters beyond ASCII and the BMP.
    public mutating func text(maxLength: Int = 12) -> String {
        let pieces = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{01}", "\u{7F}", "é", "€", "日本", "🙂", "\u{2028}", "-", "_", "."]
        return (0..<Int.random(in: 0...maxLength, using: &self)).map { _ in pick(pieces) }.joined()
    }

    /// An identifier made only of the characters action and field ids allow.
    public mutating func identifier() -> String {
        let letters = Array("abcXYZ019_.-")
        return String((0..<Int.random(in: 1...8, using: &self)).map { _ in pick(letters) })
    }

    /// Any JSON value, nested at most `depth` more levels.
    public mutating func value(depth: Int = 3) -> JSONValue {
        switch Int.random(in: 0..<(depth > 0 ? 8 : 6), using: &self) {
        case 0: return .null
        case 1: return .bool(chance(50))
        case 2: return .integer(pick([0, 1, -1, Int64.max, Int64.min, Int64.random(in: -1_000_000...1_000_000, using: &self)]))
        case 3:
            return .number(pick([0.5, -2.25, 1e300, .leastNonzeroMagnitude, .pi, Double.random(in: -1e9...1e9, using: &self), 1e-7]))
        case 4, 5: return .string(text())
        case 6: return .array((0..<Int.random(in: 0...4, using: &self)).map { _ in value(depth: depth - 1) })
        default:
            return .object(Dictionary((0..<Int.random(in: 0...4, using: &self)).map { _ in (text(maxLength: 4), value(depth: depth - 1)) }) { $1 })
        }
    }
}
