import Broker
import Foundation
import JSON
import Journal
import Presentation
import Testing
import Wire

/// The broker reads a worker's output and step values once, as they arrive, then journals and publishes the
/// worker's bytes: spaces, key order, escapes and number spellings included.
@Suite struct OutputBytesTests {
    static let output = #"{ "z" : [1.0e2, -0.0], "a":"caf\u00e9" }"#
    static let step = #"[ 1.50 , {"y":true,  "x":null} ]"#

    /// A worker message read from its text, as the broker's socket reads it.
    static func message(_ type: String, _ body: String) throws -> WorkerMessage {
        let frames = [Data(Frames.version.utf8), Data(type.utf8), Data("w".utf8), Data(body.utf8)]
        return try Frames.decode(frames, as: WorkerMessage.self).message
    }

    @Test("A step's value and a job's output are journaled, published and answered as the worker wrote them")
    func theWorkersBytesEverywhere() throws {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (job, _) = broker.submit("noop")
        let attempt = #""job":"\#(job.id)","attempt":1"#

        let recorded = BrokerHarness.changes(broker.worker("w1", try Self.message("step", #"{\#(attempt),"name":"s","value":"# + Self.step + "}")))
        let values = recorded.compactMap { if case .recordStep(_, "s", let value) = $0 { value } else { nil } }
        #expect(values.map(\.bytes) == [Data(Self.step.utf8)])

        let ended = broker.worker("w1", try Self.message("result", #"{\#(attempt),"outcome":"succeeded","output":"# + Self.output + "}"))
        let bytes = Data(Self.output.utf8)
        let saved = BrokerHarness.changes(ended).compactMap { if case .saveJob(let job, _) = $0 { job } else { nil } }
        #expect(!saved.isEmpty && saved.allSatisfy { $0.result?.bytes == bytes })
        let row = try JSONWriter.text(saved[0])
        #expect(row.contains(#""result":"# + Self.output), "the journal's row: \(row)")

        let succeeded = BrokerHarness.events(ended).filter { $0.type == .jobSucceeded }
        #expect(succeeded.map { $0.job?.result?.bytes } == [bytes])
        let published = String(decoding: try JSONWriter.encode(succeeded[0]), as: UTF8.self)
        #expect(published.contains(#""result":"# + Self.output), "the event: \(published)")

        // Read back as a client reads the job reply: the same bytes again.
        let reply = try BrokerReply.job(saved[0]).body()
        let read = try Frames.decode([Data(Frames.version.utf8), Data("job".utf8), Data("c".utf8), reply], as: BrokerReply.self).message
        guard case .job(let again) = read else {
            Issue.record("\(read)")
            return
        }
        #expect(again.result?.bytes == bytes)
        #expect(again.result == .object(["a": .string("café"), "z": .array([.integer(100), .number(-0.0)])]), "equal by value")
    }

    @Test("An output over valueBytes fails its job with tooLarge, counted in the worker's bytes")
    func sizeIsCountedInTheWorkersBytes() throws {
        let admission = Admission(limits: .standard)
        // Spaces count: the value is small, its spelling is not.
        let padded = "[" + String(repeating: " ", count: admission.limits.valueBytes) + "1]"
        let admitted = try admission.admit(Self.message("result", #"{"job":"j","attempt":1,"outcome":"succeeded","output":"# + padded + "}"))
        guard case .result(let result) = admitted else {
            Issue.record("\(admitted)")
            return
        }
        #expect(result.outcome == .failed && result.error?.code == "tooLarge", "\(result)")
        let fits = try admission.admit(Self.message("result", #"{"job":"j","attempt":1,"outcome":"succeeded","output":[ 1 ]}"#))
        #expect(fits == .result(.init(job: "j", attempt: 1, outcome: .succeeded, output: .array([.integer(1)]))))
    }
}
