import Foundation
import Primitives

/// A one-line logger to standard error, as text (`2026-11-29T21:26:13.123Z info broker: listening`) or
/// as JSON lines (`{"at":…,"level":"info","component":"broker","message":"listening"}`).
///
/// It prints what it is given; callers never pass secrets (tokens, webhook keys, secure answers) to it.
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

    /// How each line is written.
    public enum Format: String, Sendable, CaseIterable {
        /// `<time> <level> <component>: <message>`.
        case text
        /// One JSON object a line: `at`, `level`, `component`, `message`, and `job`, `presentation`,
        /// `operation` where the line is about one.
        case json
    }

    /// The part of the system that speaks, such as `broker`.
    public let component: String
    /// The least important level written.
    public let level: Level
    /// Text or JSON lines.
    public let format: Format
    private let sink: @Sendable (String) -> Void

    /// A log for `component` that writes `level` and above, in `format`, to standard error (or `sink`).
    public init(_ component: String, level: Level = .info, format: Format = .text, sink: (@Sendable (String) -> Void)? = nil) {
        self.component = component
        self.level = level
        self.format = format
        self.sink = sink ?? { FileHandle.standardError.write(Data($0.utf8)) }
    }

    /// The same level, format and sink for another component.
    public func named(_ component: String) -> Log { Log(component, level: level, format: format, sink: sink) }

    /// Writes a detail useful when looking for a fault.
    public func debug(_ message: @autoclosure () -> String, _ about: LogSubject = .none) { write(.debug, message, about) }
    /// Writes what happened in normal operation.
    public func info(_ message: @autoclosure () -> String, _ about: LogSubject = .none) { write(.info, message, about) }
    /// Writes something unusual that the process survives.
    public func warning(_ message: @autoclosure () -> String, _ about: LogSubject = .none) { write(.warning, message, about) }
    /// Writes a failure that needs attention.
    public func error(_ message: @autoclosure () -> String, _ about: LogSubject = .none) { write(.error, message, about) }

    /// Writes `message` at `at` (when the level lets it through), about `subject`.
    public func write(_ at: Level, _ message: () -> String, _ subject: LogSubject = .none) {
        guard at >= level, level != .off else { return }
        sink(line(at, message(), subject, time: Date()))
    }

    /// Writes several lines at once, each at its level when the level lets it through: one call to the sink
    /// (one `write` to standard error) for all of them, as a turn of the broker writes its lines.
    public func write(_ entries: [(Level, String, LogSubject)]) {
        guard level != .off else { return }
        var text = ""
        let now = Date()
        for (at, message, subject) in entries where at >= level { text += line(at, message, subject, time: now) }
        if !text.isEmpty { sink(text) }
    }

    /// One line of the log, newline included.
    func line(_ at: Level, _ message: String, _ subject: LogSubject, time: Date) -> String {
        switch format {
        case .text:
            return "\(Timestamp.string(time)) \(at) \(component): \(message)\n"
        case .json:
            var fields: [(String, String)] = [("at", Timestamp.string(time)), ("level", "\(at)"), ("component", component), ("message", message)]
            if let job = subject.job { fields.append(("job", job)) }
            if let presentation = subject.presentation { fields.append(("presentation", presentation)) }
            if let operation = subject.operation { fields.append(("operation", operation)) }
            return "{" + fields.map { "\(JSONString.quoted($0.0)):\(JSONString.quoted($0.1))" }.joined(separator: ",") + "}\n"
        }
    }

}

/// What a log line is about: the job, the question and the operation, each where it applies.
public struct LogSubject: Sendable, Hashable {
    /// The job's id.
    public var job: String?
    /// The presentation's id.
    public var presentation: String?
    /// The operation's name.
    public var operation: String?

    /// A subject naming any of a job, a presentation and an operation.
    public init(job: String? = nil, presentation: String? = nil, operation: String? = nil) {
        self.job = job
        self.presentation = presentation
        self.operation = operation
    }

    /// About nothing in particular.
    public static let none = LogSubject()
}
