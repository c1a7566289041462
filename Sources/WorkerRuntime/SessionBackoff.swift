import Foundation

/// How long a worker waits before its next session with a broker: twice as long after each session
/// that did not get it taken in (up to 8 s; at most half a second to move on along a list of brokers),
/// and from the start again once a broker took it, so a later loss is not met with a stale long wait.
struct SessionBackoff: Sendable, Hashable {
    static let first: TimeInterval = 0.25
    static let longest: TimeInterval = 8
    static let longestMove: TimeInterval = 0.5

    /// The wait after the next session that is not taken in.
    private(set) var current = first

    /// The wait after a session that ended as `end`; `welcomed` when the broker took the worker in it.
    mutating func wait(after end: WorkerConnection.SessionEnd, welcomed: Bool) -> TimeInterval {
        if welcomed { current = Self.first }
        let wait = switch end {
        case .silent: current
        case .moveOn: min(current, Self.longestMove)
        }
        current = min(current * 2, Self.longest)
        return wait
    }
}
