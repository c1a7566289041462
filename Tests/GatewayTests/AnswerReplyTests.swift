import Client
import Foundation
import Gateway
import Presentation
import TestSupport
import Testing
import Wire

/// `POST /v1/presentations/{id}/answer` against a stand-in broker: the resolution is the 200 body as the
/// broker wrote it, and a refusal keeps its status and JSON error.
@Suite struct AnswerReplyTests {
    func answer(_ reply: @escaping @Sendable () -> (String, Data)) async throws -> HTTPReply {
        let broker = try FakeBroker { _ in reply() }
        defer { broker.close() }
        let gateway = try OfflineGateway.start { $0.broker.clients = broker.endpoint }
        defer { gateway.stop() }
        return try await fetch("POST", port: gateway.port, "/v1/presentations/prs_1/answer", body: Data(#"{"action":"remove"}"#.utf8))
    }

    @Test("A resolution reply is answered 200 with the broker's bytes unchanged")
    func theResolutionIsPassedOn() async throws {
        // Spacing and key order no writer here produces: proves the body is the broker's, not written again.
        let body = Data(
            #"{ "presentation":"prs_1", "job":"job_1", "cause":"answered", "action":"remove", "by":"ana", "channel":"http", "at":"2026-11-30T10:00:00.000Z" }"#
                .utf8)
        let received = try await answer { ("resolution", body) }
        #expect(received.status == 200, "\(received.text)")
        #expect(received.body == body)
        #expect(received.header("Content-Type") == "application/json")
    }

    /// A pending question's `presentation` reply, spelled as no writer here spells it.
    static let pending = Data(
        #"{ "presentation": {"actions":[{"id":"deploy","label":"Deploy","approvals":2}],"createdAt":"2026-11-30T10:00:00.000Z","id":"prs_1","job":"job_1","kind":"alert","sequence":1,"title":"Deploy?"}, "resolution": null, "operation": "deployRelease", "approvals": [{"action":"deploy","by":"ana","channel":"http","at":"2026-11-30T10:00:01.000Z"}] }"#
            .utf8)

    @Test("One approval of several is answered 202 with the broker's presentation reply unchanged")
    func anApprovalIsPassedOn() async throws {
        let received = try await answer { ("presentation", Self.pending) }
        #expect(received.status == 202, "\(received.text)")
        #expect(received.body == Self.pending)
        #expect(received.header("Content-Type") == "application/json")
    }

    @Test("GET /v1/presentations/{id} answers 200 with the broker's presentation reply unchanged")
    func aPresentationIsPassedOn() async throws {
        let broker = try FakeBroker { _ in ("presentation", Self.pending) }
        defer { broker.close() }
        let gateway = try OfflineGateway.start { $0.broker.clients = broker.endpoint }
        defer { gateway.stop() }
        let received = try await fetch(port: gateway.port, "/v1/presentations/prs_1")
        #expect(received.status == 200, "\(received.text)")
        #expect(received.body == Self.pending)
    }

    @Test("The broker writes a presentation reply as the API's body always was: resolution and operation null when absent")
    func theBrokersPresentationReplyIsTheAPIsBody() throws {
        let presentation = try Presentation(
            .alert("Deploy?", actions: [Action(id: "deploy", label: "Deploy")]), id: "prs_1", job: "job_1", sequence: 1,
            createdAt: Date(timeIntervalSince1970: 1_795_000_000))
        let body = String(decoding: try BrokerReply.presentation(.init(presentation: presentation, resolution: nil, operation: nil)).body(), as: UTF8.self)
        #expect(body.contains(#""operation":null"#) && body.contains(#""resolution":null"#) && !body.contains("approvals"), "\(body)")
    }

    @Test("A refusal keeps its status and JSON error")
    func aRefusalKeepsItsStatus() async throws {
        let refusal = BrokerReply.error(WireError(.unknownAction, "prs_1 has no action nope"))
        let received = try await answer { (refusal.type, try! refusal.body()) }
        #expect(received.status == 422, "\(received.text)")
        #expect(received.errorCode == "unknownAction")
    }

    @Test("A reply of another type is 502 unexpectedReply")
    func anotherReplyIsUnexpected() async throws {
        let stats = BrokerReply.stats(.init(jobs: [:], pending: 0, workers: 1, sequence: 0))
        let received = try await answer { (stats.type, try! stats.body()) }
        #expect(received.status == 502, "\(received.text)")
        #expect(received.errorCode == "unexpectedReply")
    }
}
