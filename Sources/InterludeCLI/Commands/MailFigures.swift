import Configuration
import Foundation
import Mail

/// The mail outbox's figures for `interlude status`: read from `<data>/mail.sqlite` when this machine's
/// gateway has one, beside the broker's.
enum MailFigures {
    /// `mail: 3 sent, 1 pending, 1 dead-lettered` and the newest dead letters with why; nil without an outbox.
    static func lines(_ settings: Settings) -> [String]? {
        let folder = URL(fileURLWithPath: settings.data, isDirectory: true)
        guard FileManager.default.fileExists(atPath: MailStore.path(in: folder)) else { return nil }
        do {
            let store = try MailStore(folder: folder, synchronous: settings.synchronous)
            let counts = try store.counts()
            var lines = ["mail: \(counts[.sent] ?? 0) sent, \(counts[.pending] ?? 0) pending, \(counts[.failed] ?? 0) dead-lettered"]
            lines += try store.deadLetters(limit: 5).map { "  dead letter \(Output.safe($0.id)) to \(Output.safe($0.recipient)): \(Output.safe($0.error))" }
            return lines
        } catch {
            return ["mail: \(error)"]
        }
    }
}
