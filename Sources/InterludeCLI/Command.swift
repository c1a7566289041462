import Configuration

/// One `interlude` subcommand.
protocol Command: Sendable {
    /// The word after `interlude`.
    var name: String { get }
    /// One line for `interlude --help`.
    var summary: String { get }
    /// The full text of `interlude <name> --help`.
    var help: String { get }
    /// Options that take a value.
    var options: Set<String> { get }
    /// Options that take none.
    var flags: Set<String> { get }
    /// Options that may be given more than once (each value kept); any other given twice is a usage error.
    var repeatable: Set<String> { get }
    /// Runs the command; the result is the process exit status.
    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32
    /// What `--help` prints: `help`, plus what only the running system knows (`settings` is nil when
    /// they cannot be read).
    func currentHelp(_ settings: Settings?) async -> String
}

extension Command {
    var options: Set<String> { [] }
    var flags: Set<String> { [] }
    var repeatable: Set<String> { [] }
    func currentHelp(_ settings: Settings?) async -> String { help }
}

/// Exit statuses every command keeps.
package enum ExitStatus {
    package static let success: Int32 = 0
    package static let failure: Int32 = 1
    package static let usage: Int32 = 2
    /// A request was refused: an answer already resolved or stale, or a key without the role for it.
    package static let refused: Int32 = 3
}
