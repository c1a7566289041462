import Foundation
import JSON
import Presentation
import Resolver
import Synchronization
import Testing
import Wire

/// Without a terminal or a policy, the resolver lists what is pending and how to answer it.
struct PendingListingTests {
    final class Capture: Sendable {
        let text = Mutex("")
        var output: ResolverOutput {
            ResolverOutput(out: { line in self.text.withLock { $0 += line } }, err: { _ in })
        }
    }

    static func options(locale: String = "en", json: Bool = false) -> ResolverOptions {
        var options = ResolverOptions(identity: "test")
        options.locale = locale
        options.json = json
        return options
    }

    @Test("Each question is rendered, oldest first, with the command that answers it")
    func text() {
        let capture = Capture()
        PendingListing.write(SessionFixtures.snapshot([2, 1], at: 5), options: Self.options(), output: capture.output)
        let text = capture.text.withLock { $0 }
        #expect(text.contains("? Remove download"))
        #expect(text.contains("interlude answer p-1 <remove|cancel>"))
        #expect(text.range(of: "p-1")!.lowerBound < text.range(of: "p-2")!.lowerBound)
    }

    @Test("A question whose action needs several people is listed with the approvals the snapshot gives")
    func approvals() {
        let capture = Capture()
        let approval = Approval(action: "deploy", by: "ana", channel: "cli", at: Fixtures.createdAt)
        let snapshot = BrokerReply.PendingSnapshot(
            presentations: [ApprovalRenderingTests.deploy], sequence: 5, approvals: [ApprovalRenderingTests.deploy.id: [approval]])
        PendingListing.write(snapshot, options: Self.options(), output: capture.output)
        #expect(capture.text.withLock { $0 }.contains("[1] [D]eploy\n      needs 2 approvals, 1 so far: ana\n"))
    }

    @Test("An empty list says so in the person's language", arguments: [("en", "No pending questions."), ("es_ES.UTF-8", "No hay preguntas pendientes.")])
    func empty(_ locale: String, _ expected: String) {
        let capture = Capture()
        PendingListing.write(SessionFixtures.snapshot([], at: 5), options: Self.options(locale: locale), output: capture.output)
        #expect(capture.text.withLock { $0 } == expected + "\n")
    }

    @Test("With --json, one presented line per question, with its operation")
    func json() throws {
        let capture = Capture()
        PendingListing.write(SessionFixtures.snapshot([1], at: 5), options: Self.options(json: true), output: capture.output)
        let line = try JSONCoding.decoder.decode(JSONValue.self, from: Data(capture.text.withLock { $0 }.utf8))
        #expect(line["event"]?.stringValue == "presented")
        #expect(line["operation"]?.stringValue == "removeDownload")
        #expect(line["presentation"]?["id"]?.stringValue == "p-1")
    }
}
