/// The Unicode scalars one step of a pattern consumes: a literal, `.`, a class such as `[^a-z\d]`, or
/// `\d`, `\w`, `\s` and their negations.
struct ScalarSet: Sendable {
    /// A property class, as ICU defines `\d`, `\w` and `\s` over Unicode.
    enum Property: Sendable, Hashable {
        case digit, word, space

        /// The ASCII scalars it holds, as two 64-bit masks.
        var asciiMasks: (low: UInt64, high: UInt64) {
            switch self {
            case .digit: Self.digitMasks
            case .word: Self.wordMasks
            case .space: Self.spaceMasks
            }
        }

        private static let digitMasks = masks(.digit)
        private static let wordMasks = masks(.word)
        private static let spaceMasks = masks(.space)

        private static func masks(_ property: Property) -> (low: UInt64, high: UInt64) {
            var masks: (low: UInt64, high: UInt64) = (0, 0)
            for value in 0..<128 where property.contains(Unicode.Scalar(UInt8(value))) {
                if value < 64 { masks.low |= 1 << UInt64(value) } else { masks.high |= 1 << UInt64(value - 64) }
            }
            return masks
        }

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let properties = scalar.properties
            switch self {
            case .digit: return properties.numericType == .decimal
            case .space: return properties.isWhitespace
            case .word:
                if properties.isAlphabetic || properties.numericType == .decimal || scalar == "\u{200C}" || scalar == "\u{200D}" { return true }
                switch properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation: return true
                default: return false
                }
            }
        }
    }

    var ranges: [ClosedRange<UInt32>] = []
    /// Property classes, each possibly negated (`\D` inside a class).
    var properties: [(property: Property, negated: Bool)] = []
    var negated = false

    /// One scalar.
    init(_ scalar: Unicode.Scalar) {
        ranges = [scalar.value...scalar.value]
    }

    /// A property class, negated for `\D`, `\W`, `\S`.
    init(_ property: Property, negated: Bool) {
        properties = [(property, negated)]
    }

    /// An empty set, to be filled by a class.
    init() {}

    /// `.`: every scalar but the line terminators.
    static let any: ScalarSet = {
        var set = ScalarSet()
        set.ranges = [0x0A...0x0D, 0x85...0x85, 0x2028...0x2029]
        set.negated = true
        return set
    }()

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        let inside = ranges.contains { $0.contains(value) } || properties.contains { $0.property.contains(scalar) != $0.negated }
        return inside != negated
    }
}
