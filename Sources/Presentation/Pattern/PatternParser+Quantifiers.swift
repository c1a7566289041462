extension PatternParser {
    /// `atom` with the quantifiers that follow it: `*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}`, each possibly lazy.
    mutating func quantified(_ atom: PatternNode) throws(PatternError) -> PatternNode {
        guard let bounds = try quantifier() else { return atom }
        switch atom {
        case .start, .end: throw fail(.malformed, "an anchor cannot be repeated")
        default: break
        }
        if next == "?" { position += 1 }  // lazy: the same whole matches
        if next == "+" { throw fail(.unsupported, "possessive quantifiers are not supported") }
        if let scalar = next, "*+?{".unicodeScalars.contains(scalar) { throw fail(.malformed, "\"\(scalar)\" repeats a quantifier") }
        return .repetition(atom, min: bounds.min, max: bounds.max)
    }

    private mutating func quantifier() throws(PatternError) -> (min: Int, max: Int?)? {
        switch next {
        case "*":
            position += 1
            return (0, nil)
        case "+":
            position += 1
            return (1, nil)
        case "?":
            position += 1
            return (0, 1)
        case "{": break
        default: return nil
        }
        position += 1
        let min = try count()
        var max: Int? = min
        if next == "," {
            position += 1
            max = next == "}" ? nil : try count()
        }
        guard next == "}" else { throw fail(.malformed, "a count is written {m}, {m,} or {m,n}") }
        position += 1
        if let max, max < min { throw fail(.malformed, "{\(min),\(max)} has its bounds the wrong way round") }
        return (min, max)
    }

    private mutating func count() throws(PatternError) -> Int {
        var digits = ""
        while let scalar = next, ("0"..."9").contains(scalar) {
            digits.unicodeScalars.append(scalar)
            position += 1
        }
        guard let value = Int(digits.prefix(9)) else { throw fail(.malformed, "a count is written {m}, {m,} or {m,n}") }
        if digits.count > 9 || value > FieldPattern.Limits.count {
            throw fail(.tooLarge, "a count may be at most \(FieldPattern.Limits.count)")
        }
        return value
    }
}
