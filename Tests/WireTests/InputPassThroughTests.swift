import Foundation
import JSON
import Presentation
import Testing
import Wire

/// A job's input travels as the bytes its client sent: through the submit, the job row, the job reply and the
/// dispatch, never written again.
@Suite struct InputPassThroughTests {
    /// Valid JSON no writer here produces: spaces, an escaped é, number spellings, keys out of order.
    static let input = #"{ "b" : [1.0e2, -0.0, 1E+2], "a":"caf\u00e9" }"#

    static func frames(_ type: String, _ body: String) -> [Data] {
        [Data(Frames.version.utf8), Data(type.utf8), Data("c".utf8), Data(body.utf8)]
    }

    @Test("A submit's input is read as the client's bytes; written again it is spliced, not re-encoded")
    func submit() throws {
        let body = #"{"operation":"noop", "idempotencyKey":"k", "input":"# + Self.input + "}"
        guard case .submit(let submit) = try Frames.decode(Self.frames("submit", body), as: ClientRequest.self).message else {
            Issue.record("not a submit")
            return
        }
        #expect(submit.input.bytes == Data(Self.input.utf8))
        #expect(submit.idempotencyKey == "k", "the fields after the input are read")
        let written = String(decoding: try ClientRequest.submit(submit).body(), as: UTF8.self)
        #expect(written.contains(#""input":"# + Self.input), "\(written)")
    }

    @Test("The job row and the job reply carry the input's bytes, and read them back unchanged")
    func job() throws {
        let input = try RawJSON(validating: Data(Self.input.utf8))
        let job = Job(id: "job_1", operation: "noop", input: input, createdAt: Date(timeIntervalSince1970: 1_800_000_000))
        let row = try JSONWriter.text(job)
        #expect(row.contains(#""input":"# + Self.input + ","), "\(row)")
        #expect(try JSONReader.read(Job.self, from: row).input.bytes == Data(Self.input.utf8))
        let reply = try BrokerReply.job(job).body()
        guard case .job(let replied) = try Frames.decode(Self.frames("job", String(decoding: reply, as: UTF8.self)), as: BrokerReply.self).message else {
            Issue.record("not a job")
            return
        }
        #expect(replied.input.bytes == Data(Self.input.utf8))
    }

    @Test("A row written before inputs passed through (canonical JSON) still reads, its input as it was stored")
    func oldRow() throws {
        let row =
            #"{"attempts":1,"createdAt":"2026-11-18T11:06:39.000Z","error":null,"id":"job_8a0d3c5e9f1b2a47","input":{"title":"Blue in Green","trackID":"t-101"},"operation":"removeDownload","presentation":null,"result":null,"state":"running","updatedAt":"2026-11-18T11:06:40.000Z"}"#
        let job = try JSONReader.read(Job.self, from: row)
        #expect(job.input.bytes == Data(#"{"title":"Blue in Green","trackID":"t-101"}"#.utf8))
        #expect(job.input == .object(["trackID": .string("t-101"), "title": .string("Blue in Green")]))
        #expect(try JSONWriter.text(job) == row, "written again, the row is the same")
        #expect(try JSONCoding.decoder.decode(Job.self, from: Data(row.utf8)) == job, "and the decoder reads the same job")
    }

    @Test("The dispatch a worker receives carries the same bytes")
    func dispatch() throws {
        let input = try RawJSON(validating: Data(Self.input.utf8))
        let command = BrokerCommand.dispatch(.init(job: "job_1", attempt: 1, operation: "noop", input: input, history: History()))
        let frames = Frames.encode(command, correlation: "c")
        #expect(String(decoding: frames[3], as: UTF8.self).contains(#""input":"# + Self.input + ","))
        guard case .dispatch(let received) = try Frames.decode(frames, as: BrokerCommand.self).message else {
            Issue.record("not a dispatch")
            return
        }
        #expect(received.input.bytes == Data(Self.input.utf8))
    }

    @Test("An input over the limit is counted in its bytes as they travel, spaces included")
    func sizeInBytes() throws {
        let limits = MessageLimits(maxMessageBytes: 4096)
        let padded = try RawJSON(validating: Data(("[" + String(repeating: " ", count: limits.inputBytes) + "1]").utf8))
        #expect(throws: WireError.self) { try limits.check(input: padded) }
        try limits.check(input: try RawJSON(validating: Data("[1]".utf8)))
    }
}
