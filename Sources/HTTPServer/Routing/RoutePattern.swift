/// A path pattern such as `/jobs/{id}/answers`: literal segments and `{name}` parameters.
struct RoutePattern: Sendable, Hashable {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    let text: String
    let segments: [Segment]

    init(_ text: String) {
        self.text = text
        self.segments = text.split(separator: "/").map { part in
            if part.hasPrefix("{"), part.hasSuffix("}"), part.count > 2 {
                .parameter(String(part.dropFirst().dropLast()))
            } else {
                .literal(String(part))
            }
        }
    }

    /// The parameter values when `path` (decoded segments) matches, else nil.
    func match(_ path: [String]) -> [String: String]? {
        guard path.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, value) in zip(segments, path) {
            switch segment {
            case .literal(let literal) where literal == value: continue
            case .literal: return nil
            case .parameter(let name): parameters[name] = value
            }
        }
        return parameters
    }

    /// Whether this pattern should win over `other` when both match: the first literal beats a parameter.
    func isMoreSpecific(than other: RoutePattern) -> Bool {
        for (mine, theirs) in zip(segments, other.segments) {
            switch (mine, theirs) {
            case (.literal, .parameter): return true
            case (.parameter, .literal): return false
            default: continue
            }
        }
        return false
    }
}
