import Foundation

/// A one-line logger to standard error: `2026-11-29T21:26:13.123Z info broker: listening`.
///
/// It prints what it is given; callers never pass secrets (tokens, webhook keys) to it.
public struct Log: Sendable {
    /// How much to say.
    public enum Level: Int, Sendable, Comparable, CaseIterable {
        case debug, info, warning, error, off
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
        /// Reads `debug`, `info`, `warning`, `error` or `off`.
        public init?(name: String) {
            guard let level = Self.allCases.first(where: { "\($0)" == name.lowercased() }) else { return nil }
            self = level
        }
    }

    public let component: String
    public let level: Level

    public init(_ component: String, level: Level = .info) {
        self.component = component
        self.level = level
    }

    /// The same level for another component.
    public func named(_ component: String) -> Log { Log(component, level: level) }

    public func debug(_ message: @autoclosure () -> String) { write(.debug, message) }
    public func info(_ message: @autoclosure () -> String) { write(.info, message) }
    public func warning(_ message: @autoclosure () -> String) { write(.warning, message) }
    public func error(_ message: @autoclosure () -> String) { write(.error, message) }

    private func write(_ at: Level, _ message: () -> String) {
        guard at >= level, level != .off else { return }
        let time = Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        FileHandle.standardError.write(Data("\(time) \(at) \(component): \(message())\n".utf8))
    }
}
