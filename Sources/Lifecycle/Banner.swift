import Foundation

/// What a long-running command prints on standard output once it listens: a first line, then one
/// `  name  value` row per endpoint, with every port resolved (an endpoint asked as `tcp://…:*` or a
/// port 0 shows the port it got), so scripts and tests learn where it listens from it.
public struct Banner: Sendable {
    /// The first line, such as `interlude worker is up.`.
    public let title: String
    /// The `name  value` rows.
    public private(set) var rows: [(name: String, value: String)] = []
    /// Lines after the rows.
    public var footer: [String] = []

    /// A block that starts with `title`.
    public init(_ title: String) {
        self.title = title
    }

    /// Adds a row; `note` follows the value after two spaces.
    public mutating func row(_ name: String, _ value: String, note: String? = nil) {
        rows.append((name, note.map { "\(value)  (\($0))" } ?? value))
    }

    /// The whole block, ending with a blank line.
    public var text: String {
        let width = rows.map(\.name.count).max() ?? 0
        let lines = rows.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.value)" }
        return ([title] + lines + footer).joined(separator: "\n") + "\n\n"
    }

    /// Writes the block in one write, so a reader never sees half of it.
    public func write() {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
