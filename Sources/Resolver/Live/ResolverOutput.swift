import Foundation
import JSON
import Presentation

/// Where a resolver writes: the dialogs, outcomes and JSON lines to one sink, the log to another.
public struct ResolverOutput: Sendable {
    private let out: @Sendable (String) -> Void
    private let err: @Sendable (String) -> Void

    /// Output written through `out` (standard output) and `err` (the log, standard error).
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }

    /// Standard output and standard error, unbuffered, so a prompt shows before its key is read.
    public static let standard = ResolverOutput(
        out: { FileHandle.standardOutput.write(Data($0.utf8)) },
        err: { FileHandle.standardError.write(Data($0.utf8)) })

    /// Text as is, with no newline added (a prompt).
    func screen(_ text: String) { out(text) }

    /// One line of text.
    func line(_ text: String) { out(text + "\n") }

    /// One line of the log: `interlude resolve: …`.
    func log(_ text: String) { err("interlude resolve: \(TextRules.escaped(text, keepingLineBreaks: true))\n") }

    /// One `--json` line.
    func json(_ report: ResolverReport) {
        guard let data = try? JSONCoding.encoder.encode(report) else { return }
        out(String(decoding: data, as: UTF8.self) + "\n")
    }
}
