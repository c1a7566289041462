import Foundation
import Testing
import Wire

/// Each client request is declared once (`ClientRequest.Kind.declaration`); these tests hold every
/// declared request to its name, its body and the protocol document.
@Suite struct RequestDeclarationTests {
    @Test(arguments: ClientRequest.Kind.allCases)
    func everyDeclaredRequestRoundTripsUnderItsName(_ kind: ClientRequest.Kind) throws {
        let example = try #require(Examples.clientRequests.first { $0.kind == kind }, "Examples.clientRequests has no \(kind.rawValue)")
        #expect(example.type == kind.rawValue)
        let frames = Frames.encode(example, correlation: "c-1")
        #expect(frames[1] == Data(kind.rawValue.utf8))
        #expect(try Frames.decode(frames, as: ClientRequest.self).message == example)
        #expect(try ClientRequest.decode(type: kind.rawValue, body: example.body()).kind == kind)
    }

    @Test func theProtocolDocumentDescribesExactlyTheDeclaredRequests() throws {
        let document = ProtocolDocumentTests.document
        let start = try #require(document.range(of: "## Client → broker"))
        let end = try #require(document.range(of: "## Broker → client"))
        let headings = document[start.upperBound..<end.lowerBound].split(separator: "\n")
            .filter { $0.hasPrefix("### `") }
            .map { $0.dropFirst(5).prefix { $0 != "`" } }
            .map(String.init)
        #expect(Set(headings) == Set(ClientRequest.Kind.allCases.map(\.rawValue)))
        #expect(headings.count == ClientRequest.Kind.allCases.count)
    }

    @Test func anUndeclaredNameIsAnUnknownMessage() {
        let error = #expect(throws: WireError.self) { try ClientRequest.decode(type: "reboot", body: Data("{}".utf8)) }
        #expect(error?.code == .unknownMessage)
        #expect(error?.message == "unknown client request \"reboot\"")
    }

    @Test(arguments: [
        (ClientRequest.Kind.submit, true), (.submitMany, true), (.answer, true), (.cancel, true), (.status, false), (.jobs, false), (.pending, false),
        (.presentation, false), (.events, false), (.stats, false), (.operations, false), (.history, false),
    ])
    func onlySubmitsAnswerAndCancelWriteTheJournal(_ kind: ClientRequest.Kind, writes: Bool) {
        #expect(kind.declaration.writes == writes)
    }
}
