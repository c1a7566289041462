/// A shell-style pattern: `*` matches any run of characters, `?` one character, anything else itself.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String

    /// A glob for `pattern`; a pattern without `*` or `?` matches exactly.
    public init(_ pattern: String) {
        self.pattern = pattern
    }

    /// Whether the whole of `text` matches, case-sensitively.
    public func matches(_ text: String) -> Bool {
        let pattern = Array(pattern)
        let text = Array(text)
        // Classic greedy matching with one backtrack point at the last `*`.
        var (p, t) = (0, 0)
        var star: (p: Int, t: Int)?
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let last = star {
                p = last.p + 1
                t = last.t + 1
                star = (last.p, last.t + 1)
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// The pattern as written.
    public var description: String { pattern }
}
