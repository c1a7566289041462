/// A compiled field pattern: instructions for `PatternMatcher`, a Thompson NFA laid out as a program,
/// with every counted repetition expanded and the whole kept under `FieldPattern.Limits.instructions`.
struct PatternProgram: Sendable {
    enum Instruction: Sendable {
        /// Consume one scalar of `sets[index]`, then go on.
        case consume(Int)
        /// Go on at both.
        case split(Int, Int)
        case jump(Int)
        /// Go on only at the start of the value (`^`) or at its end (`$`).
        case atStart, atEnd
        case match
    }

    private(set) var instructions: [Instruction] = []
    private(set) var sets: [ScalarSet] = []
    /// Each set's ASCII members as two 64-bit masks, so most scalars are tested without the set.
    private(set) var ascii: [(low: UInt64, high: UInt64)] = []
    private let source: String

    /// `node` compiled; `source` names the pattern in a refusal.
    init(_ node: PatternNode, source: String) throws(PatternError) {
        self.source = source
        try emit(node)
        try append(.match)
    }

    private mutating func append(_ instruction: Instruction) throws(PatternError) {
        guard instructions.count < FieldPattern.Limits.instructions else {
            throw PatternError(
                .tooLarge, source, at: 0,
                "more than \(FieldPattern.Limits.instructions) instructions once its counts are expanded; use smaller counts")
        }
        instructions.append(instruction)
    }

    private mutating func emit(_ node: PatternNode) throws(PatternError) {
        switch node {
        case .empty: break
        case .scalar(let set):
            sets.append(set)
            ascii.append(Self.masks(of: set))
            try append(.consume(sets.count - 1))
        case .start: try append(.atStart)
        case .end: try append(.atEnd)
        case .sequence(let items):
            for item in items { try emit(item) }
        case .alternation(let branches):
            var jumps: [Int] = []
            for (index, branch) in branches.enumerated() {
                let split = instructions.count
                if index < branches.count - 1 { try append(.split(split + 1, 0)) }
                try emit(branch)
                if index < branches.count - 1 {
                    jumps.append(instructions.count)
                    try append(.jump(0))
                    instructions[split] = .split(split + 1, instructions.count)
                }
            }
            for jump in jumps { instructions[jump] = .jump(instructions.count) }
        case .repetition(let inner, let min, let max):
            try emitRepetition(inner, min: min, max: max)
        }
    }

    private static func masks(of set: ScalarSet) -> (low: UInt64, high: UInt64) {
        var masks: (low: UInt64, high: UInt64) = (0, 0)
        for range in set.ranges where range.lowerBound < 128 {
            for value in range.lowerBound...min(range.upperBound, 127) {
                if value < 64 { masks.low |= 1 << UInt64(value) } else { masks.high |= 1 << UInt64(value - 64) }
            }
        }
        for (property, negated) in set.properties {
            let own = property.asciiMasks
            masks.low |= negated ? ~own.low : own.low
            masks.high |= negated ? ~own.high : own.high
        }
        return set.negated ? (~masks.low, ~masks.high) : masks
    }

    private mutating func emitRepetition(_ inner: PatternNode, min: Int, max: Int?) throws(PatternError) {
        for _ in 0..<min { try emit(inner) }
        guard let max else {
            let loop = instructions.count
            try append(.split(loop + 1, 0))
            try emit(inner)
            try append(.jump(loop))
            instructions[loop] = .split(loop + 1, instructions.count)
            return
        }
        var splits: [Int] = []
        for _ in min..<max {
            splits.append(instructions.count)
            try append(.split(instructions.count + 1, 0))
            try emit(inner)
        }
        for split in splits { instructions[split] = .split(split + 1, instructions.count) }
    }
}
