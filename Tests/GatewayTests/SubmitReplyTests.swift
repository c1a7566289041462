import Client
import Foundation
import Gateway
import JSON
import Presentation
import Synchronization
import TestSupport
import Testing
import Wire

/// `POST /v1/operations` against a stand-in broker: a job reply's bytes are the 202 body as the broker
/// sent them, and every other reply keeps the status and JSON error it had when replies were decoded.
@Suite struct SubmitReplyTests {
    /// A gateway whose broker answers every request with `answer`; returns what `POST /v1/operations` got.
    func submit(_ body: String, answer: @escaping FakeBroker.Answer) async throws -> HTTPReply {
        let broker = try FakeBroker(answer: answer)
        defer { broker.close() }
        let gateway = try OfflineGateway.start { $0.broker.clients = broker.endpoint }
        defer { gateway.stop() }
        return try await fetch("POST", port: gateway.port, "/v1/operations", body: Data(body.utf8))
    }

    static let job = Job(
        id: "job_passed", operation: "noop", input: .object(["n": .integer(7), "text": .string("é \"q\"")]),
        createdAt: Date(timeIntervalSince1970: 1_764_500_000.125))

    @Test("A job reply is answered 202 with the broker's bytes unchanged and Location from its id")
    func aJobReplyIsPassedThrough() async throws {
        let sent = Mutex<ClientRequest?>(nil)
        // Spacing no writer produces: proves the body is the broker's, not written again.
        let brokerBody = Data(
            "{ \"id\" : \"job_passed\", \"operation\":\"noop\",\"input\":{},\"state\":\"queued\",\"attempts\":0,\"createdAt\":\"2026-11-30T10:00:00Z\",\"updatedAt\":\"2026-11-30T10:00:00Z\", \"error\":null,\"presentation\":null,\"result\":null }"
                .utf8)
        let received = try await submit(#"{"operation": "noop", "input": {"n": 7}, "answerWithin": "30m"}"#) { request in
            sent.withLock { $0 = request }
            return ("job", brokerBody)
        }
        #expect(received.status == 202, "\(received.text)")
        #expect(received.body == brokerBody)
        #expect(received.header("Location") == "/v1/jobs/job_passed")
        #expect(received.header("Content-Type") == "application/json")
        guard case .submit(let submit)? = sent.withLock({ $0 }) else {
            Issue.record("the broker got no submit")
            return
        }
        #expect(submit.operation == "noop")
        #expect(submit.input == .object(["n": .integer(7)]))
        #expect(submit.input.bytes == Data(#"{"n": 7}"#.utf8), "the input goes on as the client spelled it")
        #expect(submit.answerWithin == 1_800)
    }

    @Test(
        "The input goes to the broker as the bytes the client sent; a missing or null input is {}",
        arguments: [
            (#"{"input" : { "b" : [1.0e2, "caf\u00e9"], "a":-0.0 } , "operation":"noop"}"#, #"{ "b" : [1.0e2, "caf\u00e9"], "a":-0.0 }"#),
            (#"{"operation":"noop","input":"\ud83c\udfb5"}"#, #""\ud83c\udfb5""#),
            (#"{"operation":"noop","input":null}"#, "{}"), (#"{"operation":"noop"}"#, "{}"),
        ])
    func theInputIsPassedOn(body: String, input: String) async throws {
        let sent = Mutex<ClientRequest?>(nil)
        let reply = try JSONWriter.encode(Self.job)
        let received = try await submit(body) { request in
            sent.withLock { $0 = request }
            return ("job", reply)
        }
        #expect(received.status == 202, "\(received.text)")
        guard case .submit(let submit)? = sent.withLock({ $0 }) else {
            Issue.record("the broker got no submit")
            return
        }
        #expect(String(decoding: submit.input.bytes, as: UTF8.self) == input)
    }

    @Test("The broker's job JSON is the JSON the gateway wrote when it decoded the reply")
    func theBrokerJobJSONIsTheAPIJobJSON() async throws {
        let written = try JSONWriter.encode(Self.job)
        let received = try await submit(#"{"operation": "noop"}"#) { _ in ("job", written) }
        #expect(received.status == 202, "\(received.text)")
        let decoded = try JSONCoding.decoder.decode(Job.self, from: received.body)
        #expect(try JSONWriter.encode(decoded) == received.body, "decoding and writing again gives the same bytes")
        #expect(decoded == Self.job)
    }

    @Test("A broker refusal keeps its status and JSON error")
    func aRefusalKeepsItsStatus() async throws {
        let refusal = BrokerReply.error(WireError(.unknownOperation, "no operation named nope"))
        let received = try await submit(#"{"operation": "nope"}"#) { _ in (refusal.type, try! refusal.body()) }
        #expect(received.status == 422, "\(received.text)")
        #expect(received.errorCode == "unknownOperation")
        #expect(received.text.contains("no operation named nope"))
    }

    @Test("A reply of another type is 502 unexpectedReply")
    func anotherReplyIs502() async throws {
        let received = try await submit(#"{"operation": "noop"}"#, answer: FakeBroker.stats)
        #expect(received.status == 502, "\(received.text)")
        #expect(received.errorCode == "unexpectedReply")
    }

    @Test("A job reply without an id is decoded as before and refused as an invalid body")
    func aJobWithoutAnIdIsRefused() async throws {
        let received = try await submit(#"{"operation": "noop"}"#) { _ in ("job", Data(#"{"operation": "noop"}"#.utf8)) }
        #expect(received.status == 422, "\(received.text)")
        #expect(received.errorCode == "invalidBody")
    }
}
