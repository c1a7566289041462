import Foundation
import HTTPServer
import Testing

@Suite struct SSEFormatTests {
    @Test func anEventHasIdEventAndDataLinesAndEndsWithABlankLine() {
        let text = String(decoding: SSE.event(id: "7", event: "presented", data: #"{"a":1}"#), as: UTF8.self)
        #expect(text == "id: 7\nevent: presented\ndata: {\"a\":1}\n\n")
    }

    @Test(arguments: ["one\ntwo\nthree", "one\r\ntwo\rthree"])
    func multiLineDataBecomesOneDataLinePerLine(_ data: String) {
        #expect(String(decoding: SSE.event(data: data), as: UTF8.self) == "data: one\ndata: two\ndata: three\n\n")
    }

    @Test(arguments: ["{\"a\":\"é 🎵\\n\"}", "one\r\ntwo\rthree\n", "\r\r\n\n", "", "x\r"])
    func bytesAreFramedExactlyAsTheSameText(_ data: String) {
        let text = String(decoding: SSE.event(id: "9", event: "job.succeeded", bytes: Array(data.utf8)), as: UTF8.self)
        let lines = data.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined()
        #expect(text == "id: 9\nevent: job.succeeded\n" + lines + "\n")
    }

    @Test func emptyDataStillMakesADataLine() {
        #expect(String(decoding: SSE.event(data: ""), as: UTF8.self) == "data: \n\n")
    }

    @Test func lineBreaksCannotSmuggleFieldsThroughIdOrEvent() {
        let text = String(decoding: SSE.event(id: "1\ndata: forged", event: "a\rb", data: "x"), as: UTF8.self)
        #expect(text == "id: 1data: forged\nevent: ab\ndata: x\n\n")
    }

    @Test func theHeartbeatIsACommentLine() {
        #expect(String(decoding: SSE.heartbeat, as: UTF8.self) == ": ping\n\n")
    }
}
