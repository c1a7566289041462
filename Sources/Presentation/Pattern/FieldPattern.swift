/// A text field's `pattern`, parsed and compiled once, matched against whole values in time linear in
/// the value: our own Thompson-NFA engine over a documented subset of regular expressions (see
/// `PatternParser`), not a backtracking one, so no pattern can make a value cost more than
/// 2 × (scalars + 1) × instructions steps.
///
/// A value matches when the whole of it does, as `^(?:pattern)$` would; it is read as Unicode scalars.
public struct FieldPattern: Sendable {
    /// How large a pattern may grow.
    public enum Limits {
        /// The most instructions a compiled pattern may have (each literal, class or anchor is one, a
        /// quantifier adds one or two, `{m,n}` copies its operand n times).
        public static let instructions = 1_000
        /// The largest count of `{m}`, `{m,}` or `{m,n}`.
        public static let count = 1_000
        /// The most steps checking one value may take: a field whose pattern could take more on its
        /// longest value is refused when it is asked.
        public static let steps = 1_000_000
    }

    /// The pattern as written.
    public let source: String
    let program: PatternProgram

    /// `source` parsed and compiled; a `PatternError` names what lies outside the subset.
    public init(_ source: String) throws(PatternError) {
        self.source = source
        var parser = PatternParser(source)
        program = try PatternProgram(try parser.parse(), source: source)
    }

    /// How many instructions the compiled pattern has.
    public var size: Int { program.instructions.count }

    /// The most steps matching a value of `scalars` Unicode scalars can take.
    public func worstSteps(scalars: Int) -> Int { 2 * (scalars + 1) * size }

    /// Whether the whole of `value` matches.
    public func matches(_ value: String) -> Bool { evaluate(value).matches }

    /// Whether the whole of `value` matches, and how many instruction visits that took: at most
    /// 2 × (scalars + 1) × `size`.
    public func evaluate(_ value: String) -> (matches: Bool, steps: Int) {
        var matcher = PatternMatcher(program)
        let matches = matcher.matches(value.unicodeScalars)
        return (matches, matcher.steps)
    }
}
