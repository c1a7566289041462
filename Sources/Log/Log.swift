import Foundation
import Primitives

/// A one-line logger to standard error: `2026-11-29T21:26:13.123Z info broker: listening`.
///
/// It prints what it is given; callers never pass secrets (tokens, webhook keys) to it.
public struct Log: Sendable {
    /// How much to say.
    public enum Level: Int, Sendable, Comparable, CaseIterable {
        case debug, info, warning, error, off
        /// Less verbose levels are greater: `debug < info`.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
        /// Reads `debug`, `info`, `warning`, `error` or `off`.
        public init?(name: String) {
            guard let level = Self.allCases.first(where: { "\($0)" == name.lowercased() }) else { return nil }
            self = level
        }
    }

    /// The part of the system that speaks, such as `broker`.
    public let component: String
    /// The least important level written.
    public let level: Level

    /// A log for `component` that writes `level` and above.
    public init(_ component: String, level: Level = .info) {
        self.component = component
        self.level = level
    }

    /// The same level for another component.
    public func named(_ component: String) -> Log { Log(component, level: level) }

    /// Writes a detail useful when looking for a fault.
    public func debug(_ message: @autoclosure () -> String) { write(.debug, message) }
    /// Writes what happened in normal operation.
    public func info(_ message: @autoclosure () -> String) { write(.info, message) }
    /// Writes something unusual that the process survives.
    public func warning(_ message: @autoclosure () -> String) { write(.warning, message) }
    /// Writes a failure that needs attention.
    public func error(_ message: @autoclosure () -> String) { write(.error, message) }

    private func write(_ at: Level, _ message: () -> String) {
        guard at >= level, level != .off else { return }
        FileHandle.standardError.write(Data("\(Timestamp.string(Date())) \(at) \(component): \(message())\n".utf8))
    }
}
