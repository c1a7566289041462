public import Foundation

/// Durations as people write them: `90` (seconds), `45s`, `30m`, `2h`, `1d`, or parts together, `1h30m`.
public enum DurationText {
    /// The seconds `text` says, or nil when it is not a duration of that form (or is not positive).
    public static func seconds(_ text: String) -> TimeInterval? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let plain = Double(trimmed) { return plain > 0 && plain.isFinite ? plain : nil }
        var total: TimeInterval = 0
        var digits = ""
        var sawUnit = false
        for character in trimmed {
            if character.isASCII, character.isNumber || character == "." {
                digits.append(character)
                continue
            }
            guard let value = Double(digits), let unit = units[character] else { return nil }
            total += value * unit
            digits = ""
            sawUnit = true
        }
        guard digits.isEmpty, sawUnit, total > 0, total.isFinite else { return nil }
        return total
    }

    private static let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]

    /// `2s`, `30m`, `1h30m`: a whole number of seconds written back the short way.
    public static func text(_ seconds: TimeInterval) -> String {
        var rest = Int(seconds.rounded())
        guard rest > 0 else { return "0s" }
        var out = ""
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where rest >= size {
            out += "\(rest / size)\(unit)"
            rest %= size
        }
        return out
    }
}
