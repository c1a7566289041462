/// Runs a `PatternProgram` over a value the Thompson way: every thread advances over each scalar
/// together, at most one thread per instruction, so a match costs at most 2 × (scalars + 1) ×
/// instructions steps whatever the pattern, and never backtracks.
struct PatternMatcher {
    let program: PatternProgram
    /// Instruction visits so far.
    private(set) var steps = 0

    init(_ program: PatternProgram) {
        self.program = program
    }

    /// Whether the program matches all of `scalars`.
    mutating func matches(_ scalars: String.UnicodeScalarView) -> Bool {
        let size = program.instructions.count
        let count = scalars.count
        // Two thread lists side by side (this position's and the next's), the closure's stack, and the
        // position at which each instruction was last added, so it is added once per position.
        var lists = [Int](repeating: 0, count: 2 * size)
        var stack = [Int](repeating: 0, count: 2 * size + 2)
        var seen = [Int](repeating: -1, count: size)
        var steps = 0
        let sets = program.sets
        let ascii = program.ascii
        let matched = program.instructions.withUnsafeBufferPointer { code in
            seen.withUnsafeMutableBufferPointer { seen in
                stack.withUnsafeMutableBufferPointer { stack in
                    lists.withUnsafeMutableBufferPointer { lists in
                        var halves = (UnsafeMutableBufferPointer(rebasing: lists[0..<size]), UnsafeMutableBufferPointer(rebasing: lists[size...]))
                        var live = Self.add(0, at: 0, of: count, code, seen, stack, into: halves.0, 0, &steps)
                        var offset = 0
                        for scalar in scalars {
                            offset += 1
                            let value = scalar.value
                            var found = 0
                            for index in 0..<live {
                                steps += 1
                                let pc = halves.0[index]
                                guard case .consume(let set) = code[pc] else { continue }
                                let member =
                                    value < 64
                                    ? ascii[set].low & (1 << UInt64(value)) != 0
                                    : value < 128 ? ascii[set].high & (1 << UInt64(value - 64)) != 0 : sets[set].contains(scalar)
                                if member {
                                    found = Self.add(pc + 1, at: offset, of: count, code, seen, stack, into: halves.1, found, &steps)
                                }
                            }
                            halves = (halves.1, halves.0)
                            live = found
                            if live == 0 { return false }
                        }
                        return (0..<live).contains { if case .match = code[halves.0[$0]] { true } else { false } }
                    }
                }
            }
        }
        self.steps = steps
        return matched
    }

    /// Adds `start` and every instruction reachable from it without consuming, at `offset` of `count`
    /// scalars; consuming and matching instructions go into `list` after its first `filled`. Returns
    /// how many `list` then holds.
    private static func add(
        _ start: Int, at offset: Int, of count: Int, _ code: UnsafeBufferPointer<PatternProgram.Instruction>,
        _ seen: UnsafeMutableBufferPointer<Int>, _ stack: UnsafeMutableBufferPointer<Int>,
        into list: UnsafeMutableBufferPointer<Int>, _ filled: Int, _ steps: inout Int
    ) -> Int {
        var filled = filled
        var top = 0
        stack[0] = start
        top = 1
        while top > 0 {
            top -= 1
            let pc = stack[top]
            guard seen[pc] != offset else { continue }
            seen[pc] = offset
            steps += 1
            switch code[pc] {
            case .consume, .match:
                list[filled] = pc
                filled += 1
            case .jump(let target):
                stack[top] = target
                top += 1
            case .split(let first, let second):
                stack[top] = second
                stack[top + 1] = first
                top += 2
            case .atStart:
                if offset == 0 {
                    stack[top] = pc + 1
                    top += 1
                }
            case .atEnd:
                if offset == count {
                    stack[top] = pc + 1
                    top += 1
                }
            }
        }
        return filled
    }
}
