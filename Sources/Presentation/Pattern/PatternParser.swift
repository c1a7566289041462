/// Reads a field pattern in the supported subset into a `PatternNode`, refusing anything else with a
/// `PatternError` that names the pattern, the offset and the problem.
///
/// The subset: literals and escaped punctuation, `.`, classes with ranges and negation, `\d \w \s`
/// and their negations, `\t \n \r \f`, anchors `^ $`, groups `( )` and `(?: )`, alternation `|`, and
/// the quantifiers `* + ? {m} {m,} {m,n}` (a lazy `?` after one is accepted: it changes no whole match).
struct PatternParser {
    let source: String
    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ source: String) {
        self.source = source
        self.scalars = Array(source.unicodeScalars)
    }

    /// The whole pattern.
    mutating func parse() throws(PatternError) -> PatternNode {
        let node = try alternation()
        if position < scalars.count { throw fail(.malformed, "\")\" closes no group") }
        return node
    }

    func fail(_ code: PatternError.Code, _ problem: String) -> PatternError {
        PatternError(code, source, at: position, problem)
    }

    var next: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private mutating func alternation() throws(PatternError) -> PatternNode {
        var branches = [try sequence()]
        while next == "|" {
            position += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() throws(PatternError) -> PatternNode {
        var items: [PatternNode] = []
        while let scalar = next, scalar != "|", scalar != ")" {
            let atom = try self.atom()
            items.append(try quantified(atom))
        }
        return items.isEmpty ? .empty : items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func atom() throws(PatternError) -> PatternNode {
        guard let scalar = next else { throw fail(.malformed, "the pattern ends early") }
        position += 1
        switch scalar {
        case "(": return try group()
        case "[": return .scalar(try characterClass())
        case ".": return .scalar(.any)
        case "^": return .start
        case "$": return .end
        case "\\": return .scalar(try escape())
        case "*", "+", "?", "{":
            position -= 1
            throw fail(.malformed, "\"\(scalar)\" has nothing to repeat")
        case "]", "}":
            position -= 1
            throw fail(.malformed, "\"\(scalar)\" must be escaped as \"\\\(scalar)\" to match itself")
        default: return .scalar(ScalarSet(scalar))
        }
    }

    private mutating func group() throws(PatternError) -> PatternNode {
        if next == "?" {
            guard position + 1 < scalars.count, scalars[position + 1] == ":" else {
                throw fail(.unsupported, "only (…) and (?:…) groups are supported: no lookaround, named groups or flags")
            }
            position += 2
        }
        let inner = try alternation()
        guard next == ")" else { throw fail(.malformed, "a group is not closed with \")\"") }
        position += 1
        return inner
    }
}
