import Foundation
import GatewayClient
import Testing

@Suite("The event-stream reader") struct ServerSentEventParserTests {
    static let stream =
        ": events after 7\n\nid: 8\nevent: job.queued\ndata: {\"a\":1}\n\n: ping\n\nid: 9\r\nevent: presentation.pending\r\ndata: one\r\ndata: two\r\n\r\n"
    static let expected = [
        ServerSentEvent(id: "8", event: "job.queued", data: #"{"a":1}"#),
        ServerSentEvent(id: "9", event: "presentation.pending", data: "one\ntwo"),
    ]

    @Test("Events split at every byte come out whole, comments skipped, LF and CRLF alike", arguments: [1, 2, 3, 7, 1_000])
    func piecesOfAnySize(size: Int) {
        var parser = ServerSentEventParser()
        let bytes = Array(Self.stream.utf8)
        var events: [ServerSentEvent] = []
        for start in stride(from: 0, to: bytes.count, by: size) {
            events += parser.feed(bytes[start..<min(start + size, bytes.count)])
        }
        #expect(events == Self.expected)
    }

    @Test("A CR alone ends a line, an event without data is dropped, and the id carries over to the next event")
    func edgeCases() {
        var parser = ServerSentEventParser()
        #expect(parser.feed("id: 3\r\r".utf8).isEmpty)
        #expect(parser.feed("data:x\r\r".utf8) == [ServerSentEvent(id: "3", data: "x")])
        #expect(parser.feed("data: half".utf8).isEmpty, "nothing until the blank line")
        #expect(parser.feed("\n\n".utf8) == [ServerSentEvent(id: "3", data: "half")])
    }
}
