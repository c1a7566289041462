import Broker
import Foundation
import JSON
import Journal
import Presentation
import Schema
import Testing
import Wire

/// The broker reads a submit's input once, then journals, replies with and dispatches the client's bytes.
@Suite struct InputBytesTests {
    static let input = #"{ "b" : [1.0e2, -0.0], "a":"caf\u00e9" }"#

    static func submit(_ body: String) throws -> ClientRequest {
        let frames = [Data(Frames.version.utf8), Data("submit".utf8), Data("c".utf8), Data(body.utf8)]
        return try Frames.decode(frames, as: ClientRequest.self).message
    }

    @Test("The job row, the reply and the dispatch hold the bytes the client sent")
    func theClientsBytesEverywhere() throws {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let effects = broker.client(try Self.submit(#"{"operation":"noop","input":"# + Self.input + "}"))
        let bytes = Data(Self.input.utf8)
        let saved = BrokerHarness.changes(effects).compactMap { if case .saveJob(let job, _) = $0 { job } else { nil } }
        #expect(!saved.isEmpty && saved.allSatisfy { $0.input.bytes == bytes })
        let replied = BrokerHarness.replies(effects).compactMap { if case .job(let job) = $0 { job } else { nil } }
        #expect(replied.map(\.input.bytes) == [bytes])
        let dispatched = BrokerHarness.dispatches(effects)
        #expect(dispatched.map(\.1.input.bytes) == [bytes])
    }

    @Test("An input that breaks the schema is refused with every violation, as before")
    func schemaStillChecked() throws {
        let schema = JSONSchema.object(["name": .string(minLength: 1)], required: ["name"])
        var broker = BrokerHarness()
        _ = broker.announce("w1", [OperationAnnouncement(name: "greet", summary: "Greet", input: schema)])
        let refused = BrokerHarness.replies(broker.client(try Self.submit(#"{"operation":"greet","input":{ "name" : "" , "extra":1 }}"#)))
        guard case .error(let error)? = refused.first else {
            Issue.record("not refused: \(refused)")
            return
        }
        #expect(error.code == .invalidInput)
        #expect(error.violations?.map(\.path) == ["$.name"])
        let accepted = BrokerHarness.replies(broker.client(try Self.submit(#"{"operation":"greet","input":{ "name" : "Ad\u0061" }}"#)))
        guard case .job(let job)? = accepted.first else {
            Issue.record("not accepted: \(accepted)")
            return
        }
        #expect(job.input.bytes == Data(#"{ "name" : "Ad\u0061" }"#.utf8))
    }

    @Test("An idempotency key compares the input's value: another spelling is the same request, another value is not")
    func idempotencyByValue() throws {
        var broker = BrokerHarness()
        let first = BrokerHarness.replies(broker.client(try Self.submit(#"{"operation":"noop","idempotencyKey":"k","input":"# + Self.input + "}")))
        let respelled = BrokerHarness.replies(
            broker.client(
                try Self.submit(
                    #"{"operation":"noop","idempotencyKey":"k","input":{"a":"café","b":[100,0]}}"#)))
        guard case .job(let job)? = first.first, case .job(let again)? = respelled.first else {
            Issue.record("\(first) \(respelled)")
            return
        }
        #expect(again.id == job.id)
        #expect(again.input.bytes == Data(Self.input.utf8), "the job keeps the first request's bytes")
        let other = BrokerHarness.replies(broker.client(try Self.submit(#"{"operation":"noop","idempotencyKey":"k","input":{"a":"cafe","b":[100,0]}}"#)))
        guard case .error(let error)? = other.first else {
            Issue.record("\(other)")
            return
        }
        #expect(error.code == .idempotencyConflict)
        #expect(
            Idempotency.digest(operation: "noop", input: job.input)
                == Idempotency.digest(operation: "noop", input: .object(["a": .string("café"), "b": .array([.integer(100), .integer(0)])])))
    }

    @Test("An input with a number out of range is refused at submit as an invalid body")
    func numberOutOfRange() throws {
        #expect(throws: WireError.self) { try Self.submit(#"{"operation":"noop","input":{"n":1e999}}"#) }
    }
}
