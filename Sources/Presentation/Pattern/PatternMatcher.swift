/// Runs a `PatternProgram` over a value the Thompson way: every thread advances over each scalar
/// together, at most one thread per instruction, so a match costs at most 2 × (scalars + 1) ×
/// instructions steps whatever the pattern, and never backtracks.
struct PatternMatcher {
    let program: PatternProgram
    /// Instruction visits so far.
    private(set) var steps = 0
    private var current: [Int] = []
    private var next: [Int] = []
    /// The generation in which each instruction was last added, so it is added once per position.
    private var seen: [Int]
    private var generation = 0
    private var stack: [Int] = []

    init(_ program: PatternProgram) {
        self.program = program
        seen = Array(repeating: -1, count: program.instructions.count)
    }

    /// Whether the program matches all of `scalars`.
    mutating func matches(_ scalars: String.UnicodeScalarView) -> Bool {
        let count = scalars.count
        add(0, at: 0, count: count, toNext: false)
        var offset = 0
        for scalar in scalars {
            offset += 1
            generation += 1
            next.removeAll(keepingCapacity: true)
            for pc in current {
                steps += 1
                if case .consume(let index) = program.instructions[pc], program.sets[index].contains(scalar) {
                    add(pc + 1, at: offset, count: count, toNext: true)
                }
            }
            swap(&current, &next)
            if current.isEmpty { return false }
        }
        return current.contains { if case .match = program.instructions[$0] { true } else { false } }
    }

    /// Adds `pc` and every instruction reachable from it without consuming, at `offset` of `count`
    /// scalars; only consuming and matching instructions go into `next` (or `current`, at the start).
    private mutating func add(_ pc: Int, at offset: Int, count: Int, toNext: Bool) {
        stack.append(pc)
        while let pc = stack.popLast() {
            guard seen[pc] != generation else { continue }
            seen[pc] = generation
            steps += 1
            switch program.instructions[pc] {
            case .consume, .match: if toNext { next.append(pc) } else { current.append(pc) }
            case .jump(let target): stack.append(target)
            case .split(let first, let second): stack.append(contentsOf: [second, first])
            case .atStart: if offset == 0 { stack.append(pc + 1) }
            case .atEnd: if offset == count { stack.append(pc + 1) }
            }
        }
    }
}
