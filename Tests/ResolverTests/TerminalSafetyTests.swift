import Foundation
import JSON
import Presentation
import Resolver
import Testing
import Wire

/// Text from workers and people reaches the terminal as text: nothing in it can clear the screen,
/// set the window title or forge lines; only the renderer's own styling is written as escapes.
struct TerminalSafetyTests {
    /// A question journaled before new questions were checked for control characters.
    static let hostile: Presentation = {
        let json = #"""
            {"actions":[{"id":"remove","label":"Re\u001b[8mmove","role":"destructive"},{"id":"cancel","label":"Cancel","role":"cancel"}],
             "createdAt":"2026-11-18T11:06:40.000Z","error":null,"expiresAt":null,"id":"prs_1","item":null,"job":"job_1\u001b[2J",
             "kind":"confirmationDialog","message":"Blue\u001b]0;owned\u0007 will go\r\nfake: answered by root","sequence":1,
             "title":"Remove\u202e download","titleVisibility":"visible"}
            """#
        return try! JSONCoding.decoder.decode(Presentation.self, from: Data(json.utf8))
    }()

    @Test("A dialog with escape codes in its text is rendered with them written visibly", arguments: [false, true])
    func rendered(colour: Bool) {
        let renderer = TerminalRenderer(context: RenderContext(locale: "en", colour: colour, width: 80, operation: nil, now: Date()))
        let text = renderer.render(Self.hostile).joined(separator: "\n")
        let styling = colour ? text.replacing(/\u{1B}\[[0-9;]*m/, with: "") : text
        #expect(!styling.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x202E || $0.value == 0x7 })
        #expect(text.contains(#"\u{1B}]0;owned\u{7}"#))
    }

    @Test("The pending listing writes the answer command safely")
    func listing() {
        let captured = SendableText()
        let snapshot = BrokerReply.PendingSnapshot(presentations: [Self.hostile], sequence: 1)
        var options = ResolverOptions(identity: "test")
        options.locale = "en"
        PendingListing.write(snapshot, options: options, output: ResolverOutput(out: { captured.append($0) }, err: { _ in }))
        #expect(!captured.value.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }
}

/// Collects output from a `@Sendable` closure.
final class SendableText: @unchecked Sendable {  // appended to from one test at a time, under the lock
    private let lock = NSLock()
    private var text = ""
    func append(_ more: String) { lock.withLock { text += more } }
    var value: String { lock.withLock { text } }
}
