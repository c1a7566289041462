import Synchronization

/// Percentiles of a set of durations, in microseconds (nearest rank).
struct Latency: Codable, Sendable {
    let count: Int
    let p50: Double
    let p90: Double
    let p99: Double
    let max: Double

    init(_ samples: [Duration]) {
        let sorted = samples.map(Self.microseconds).sorted()
        count = sorted.count
        func rank(_ fraction: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let index = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
            return sorted[Swift.max(0, Swift.min(index, sorted.count - 1))]
        }
        p50 = rank(0.5)
        p90 = rank(0.9)
        p99 = rank(0.99)
        max = sorted.last ?? 0
    }

    static func microseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }

    static func seconds(_ duration: Duration) -> Double { microseconds(duration) / 1e6 }
}

/// A counter several tasks share.
final class Tally: Sendable {
    private let count = Atomic<Int>(0)
    /// Adds one and returns the value before.
    func next() -> Int { count.add(1, ordering: .relaxed).oldValue }
    var value: Int { count.load(ordering: .relaxed) }
}
