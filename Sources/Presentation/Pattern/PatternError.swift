/// A field pattern outside the supported subset, or too large once its counted repetitions are expanded.
public struct PatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the pattern.
    public enum Code: String, Sendable, Hashable {
        /// Not well formed: an unclosed group or class, a quantifier with nothing to repeat, a bad range.
        case malformed
        /// Valid for some engines but outside the subset (backreferences, lookaround, flags, `\b`, …).
        case unsupported
        /// More than `FieldPattern.Limits.instructions` instructions, or a count above `Limits.count`.
        case tooLarge
    }

    /// What kind of problem it is.
    public let code: Code
    /// The pattern as written.
    public let pattern: String
    /// Where in the pattern (in Unicode scalars from 0) the problem was found.
    public let offset: Int
    /// What is wrong, in words.
    public let problem: String

    /// A refusal of `pattern` at `offset`.
    public init(_ code: Code, _ pattern: String, at offset: Int, _ problem: String) {
        self.code = code
        self.pattern = pattern
        self.offset = offset
        self.problem = problem
    }

    public var description: String { "pattern \"\(pattern)\" is not supported (\(code.rawValue)) at offset \(offset): \(problem)" }
}
