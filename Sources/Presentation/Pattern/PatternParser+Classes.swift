extension PatternParser {
    /// After `\`: a class escape (`\d \D \w \W \s \S`), a control escape (`\t \n \r \f`) or escaped punctuation.
    mutating func escape() throws(PatternError) -> ScalarSet {
        guard let scalar = next else { throw fail(.malformed, "the pattern ends with \"\\\"") }
        position += 1
        switch scalar {
        case "d": return ScalarSet(.digit, negated: false)
        case "D": return ScalarSet(.digit, negated: true)
        case "w": return ScalarSet(.word, negated: false)
        case "W": return ScalarSet(.word, negated: true)
        case "s": return ScalarSet(.space, negated: false)
        case "S": return ScalarSet(.space, negated: true)
        case "t": return ScalarSet("\t")
        case "n": return ScalarSet("\n")
        case "r": return ScalarSet("\r")
        case "f": return ScalarSet("\u{0C}")
        default:
            guard scalar.isASCII, !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar), scalar.value > 0x20, scalar.value < 0x7F else {
                position -= 1
                throw fail(.unsupported, "\"\\\(scalar)\" is not supported (no backreferences, \\b, \\p, \\u, …)")
            }
            return ScalarSet(scalar)
        }
    }

    /// After `[`: items up to `]`, each a scalar, a range `a-z` or a class escape; `^` first negates.
    mutating func characterClass() throws(PatternError) -> ScalarSet {
        var set = ScalarSet()
        if next == "^" {
            set.negated = true
            position += 1
        }
        var empty = true
        while let scalar = next, scalar != "]" {
            empty = false
            if scalar == "[" { throw fail(.unsupported, "nested classes are not supported; escape \"[\" as \"\\[\"") }
            if scalar == "&" || scalar == "-", position + 1 < scalars.count, scalars[position + 1] == scalar {
                throw fail(.unsupported, "\"\(scalar)\(scalar)\" (set operations) is not supported; escape it")
            }
            let item = try classItem()
            guard let low = item.scalar, next == "-", position + 1 < scalars.count, scalars[position + 1] != "]" else {
                set.ranges += item.set.ranges
                set.properties += item.set.properties
                continue
            }
            position += 1
            guard let high = try classItem().scalar else { throw fail(.malformed, "a range ends with a class such as \\d") }
            guard low.value <= high.value else { throw fail(.malformed, "the range \(low)-\(high) is out of order") }
            set.ranges.append(low.value...high.value)
        }
        guard next == "]" else { throw fail(.malformed, "a class is not closed with \"]\"") }
        if empty { throw fail(.malformed, "a class is empty") }
        position += 1
        return set
    }

    /// One scalar or class escape of a class; `scalar` is set when it can end a range.
    private mutating func classItem() throws(PatternError) -> (set: ScalarSet, scalar: Unicode.Scalar?) {
        guard let scalar = next else { throw fail(.malformed, "a class is not closed with \"]\"") }
        position += 1
        guard scalar == "\\" else { return (ScalarSet(scalar), scalar) }
        let set = try escape()
        let single = set.properties.isEmpty && set.ranges.count == 1 && set.ranges[0].count == 1
        return (set, single ? Unicode.Scalar(set.ranges[0].lowerBound) : nil)
    }
}
