import Foundation
import JSON
import Presentation
import Testing
import Wire

@Suite struct MessageLimitsTests {
    @Test(arguments: [64 << 10, 1 << 20, 8 << 20])
    func everyLimitDerivesFromTheOneSetting(_ maximum: Int) {
        let limits = MessageLimits(maxMessageBytes: maximum)
        #expect(limits.inputBytes == maximum / 4)
        #expect(limits.presentationBytes == maximum / 8)
        #expect(limits.valueBytes == maximum / 8)
        #expect(limits.frameBytes > maximum)
        #expect(limits.pageBytes < maximum)
        #expect(limits.httpBodyBytes > limits.inputBytes && limits.httpBodyBytes < maximum)
    }

    /// A string value whose JSON encoding takes `bytes` bytes (quotes included).
    static func text(_ bytes: Int) -> JSONValue { .string(String(repeating: "x", count: bytes - 2)) }

    @Test(arguments: [64 << 10, 1 << 20])
    func aJobAtEveryLimitStillFitsInADispatchAReplyAndAnEvent(_ maximum: Int) throws {
        let limits = MessageLimits(maxMessageBytes: maximum)
        let input = RawJSON.literal(Self.text(limits.inputBytes))
        try limits.check(input: input)
        #expect(throws: WireError.self) { try limits.check(input: .literal(Self.text(limits.inputBytes + 1))) }
        // The largest question: its item takes what the rest of the draft leaves.
        var draft = Presentation.Draft.alert("Largest", item: .null)
        let rest = MessageLimits.size(draft) - 4
        draft.item = Self.text(limits.presentationBytes - rest)
        try limits.check(question: draft)
        let presentation = try Presentation(draft, id: "prs_1", job: "job_1", sequence: 1, createdAt: Date())
        let output = RawJSON.literal(Self.text(limits.valueBytes))
        try limits.check(value: output, "the output")

        let job = Job(id: "job_1", operation: "noop", input: input, presentation: presentation, result: output, createdAt: Date())
        let event = Event(sequence: 1, type: .presentationPending, at: Date(), job: job, presentation: presentation)
        let dispatch = BrokerCommand.dispatch(
            .init(
                job: job.id, attempt: 1, operation: "noop", input: input, history: History(steps: ["a": output])))
        var finished = job
        finished.phase = .succeeded
        let succeeded = Event(sequence: 2, type: .jobSucceeded, at: Date(), job: finished)
        for body in [try Frames.json(event), try Frames.json(succeeded), try BrokerReply.job(job).body(), try dispatch.body()] {
            #expect(body.count <= maximum, "\(body.count) of \(maximum) bytes")
        }
        let page = BrokerReply.EventPage(events: [event], last: 1)
        #expect(try BrokerReply.events(page).body().count <= maximum)
    }

    @Test func aBodyOverTheLimitIsRefusedBeforeItIsRead() {
        let limits = MessageLimits(maxMessageBytes: 64 << 10)
        let body = Data(#"{"job":""#.utf8) + Data(repeating: 0x61, count: 64 << 10) + Data(#""}"#.utf8)
        let error = #expect(throws: WireError.self) {
            try Frames.decode([Data("interlude/1".utf8), Data("status".utf8), Data(), body], as: ClientRequest.self, limits: limits)
        }
        #expect(error?.code == .tooLarge)
        #expect(error?.message.contains("maxMessageBytes") == true)
    }

    @Test func aBodyTooDeepIsRefusedAsInvalidNamingTheLimit() {
        let body = Data((#"{"job":"# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}").utf8)
        let error = #expect(throws: WireError.self) {
            try Frames.decode([Data("interlude/1".utf8), Data("status".utf8), Data(), body], as: ClientRequest.self)
        }
        #expect(error?.code == .invalidBody)
        #expect(error?.message.contains("nested deeper than 64") == true)
    }
}
