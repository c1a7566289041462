import Foundation
import Testing
import Wire

/// docs/protocol.md shows an example of every message; these tests keep the examples true.
@Suite struct ProtocolDocumentTests {
    static let document: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("docs/protocol.md"), encoding: .utf8)) ?? ""
    }()

    static var all: [(String, String)] {
        var all: [(String, String)] = Examples.clientRequests.map { ($0.type, Examples.body($0)) }
        all += Examples.brokerReplies.map { ($0.type, Examples.body($0)) }
        all += Examples.workerMessages.map { ($0.type, Examples.body($0)) }
        all += Examples.brokerCommands.map { ($0.type, Examples.body($0)) }
        all.append((Examples.batch.type, Examples.body(Examples.batch)))
        all.append(("event", String(decoding: try! Frames.json(Examples.event), as: UTF8.self)))
        return all
    }

    @Test func theDocumentShowsEveryMessageExactlyAsItIsEncoded() {
        #expect(!Self.document.isEmpty, "docs/protocol.md is missing")
        for (type, body) in Self.all {
            #expect(Self.document.contains(body), "docs/protocol.md lacks the current example of \(type): \(body)")
        }
    }
}
