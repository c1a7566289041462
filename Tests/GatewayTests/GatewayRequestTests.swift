import Foundation
import Gateway
import TestSupport
import Testing

/// Requests refused before they reach the broker, over real HTTP, each with its status and JSON error code.
@Suite struct GatewayRequestTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let method: String
        let path: String
        var body: String?
        var headers: [String: String] = [:]
        let status: Int
        let code: String
        var testDescription: String { "\(method) \(path) → \(status) \(code)" }
    }

    static let cases: [Case] = [
        Case(method: "GET", path: "/v2/jobs", status: 404, code: "notFound"),
        Case(method: "DELETE", path: "/v1/jobs/job_1", status: 405, code: "methodNotAllowed"),
        Case(method: "DELETE", path: "/v1/operations", status: 405, code: "methodNotAllowed"),
        Case(method: "POST", path: "/v1/operations", body: "{\"operation\": ", status: 400, code: "malformedJSON"),
        Case(method: "POST", path: "/v1/operations", body: "", status: 400, code: "malformedJSON"),
        Case(method: "POST", path: "/v1/operations", body: "[1, 2]", status: 422, code: "invalidRequest"),
        Case(method: "POST", path: "/v1/operations", body: #"{"input": {}}"#, status: 422, code: "invalidRequest"),
        Case(method: "POST", path: "/v1/operations", body: #"{"operation": 7}"#, status: 422, code: "invalidRequest"),
        Case(
            method: "POST", path: "/v1/operations", body: #"{"operation": "noop"}"#,
            headers: ["Idempotency-Key": "webhook:abc"], status: 400, code: "badRequest"),
        Case(method: "POST", path: "/v1/presentations/prs_1/answer", body: "nope", status: 400, code: "malformedJSON"),
        Case(method: "POST", path: "/v1/presentations/prs_1/answer", body: "{}", status: 422, code: "invalidRequest"),
        Case(
            method: "POST", path: "/v1/presentations/prs_1/answer", body: #"{"action": "remove", "dismiss": true}"#,
            status: 422, code: "invalidRequest"),
        Case(method: "POST", path: "/v1/presentations/prs_1/answer", body: #"{"dismiss": "yes"}"#, status: 422, code: "invalidRequest"),
        Case(
            method: "POST", path: "/v1/presentations/prs_1/answer", body: #"{"action": "remove"}"#,
            headers: ["X-Interlude-Channel": "email"], status: 400, code: "badRequest"),
        Case(method: "GET", path: "/v1/jobs?state=sleeping", status: 400, code: "badRequest"),
        Case(method: "GET", path: "/v1/jobs?limit=0", status: 400, code: "badRequest"),
        Case(method: "GET", path: "/v1/jobs?limit=501", status: 400, code: "badRequest"),
        Case(method: "GET", path: "/v1/jobs?cursor=abc", status: 400, code: "badRequest"),
        Case(method: "GET", path: "/v1/presentations?cursor=abc", status: 400, code: "badRequest"),
        Case(method: "GET", path: "/v1/events", headers: ["Last-Event-ID": "-3"], status: 400, code: "badRequest"),
        Case(method: "GET", path: "/v1/events?lastEventId=x", status: 400, code: "badRequest"),
    ]

    @Test(arguments: cases)
    func aMalformedRequestGetsItsStatusAndAJSONError(_ test: Case) async throws {
        let gateway = try OfflineGateway.start()
        defer { gateway.stop() }
        let received = try await fetch(
            test.method, port: gateway.port, test.path, body: test.body.map { Data($0.utf8) }, headers: test.headers)
        #expect(received.status == test.status, "\(received.text)")
        #expect(received.errorCode == test.code, "\(received.text)")
        #expect(received.header("Content-Type") == "application/json")
    }

    @Test func aBodyOverTheLimitIs413() async throws {
        let gateway = try OfflineGateway.start { $0.maxBodyBytes = 1_024 }
        defer { gateway.stop() }
        let big = Data(#"{"operation": "noop", "input": {"pad": "\#(String(repeating: "x", count: 2_000))"}}"#.utf8)
        let received = try await fetch("POST", port: gateway.port, "/v1/operations", body: big)
        #expect(received.status == 413)
        #expect(received.errorCode == "payloadTooLarge")
    }

    @Test func aWellFormedRequestGoesToTheBrokerAndItsSilenceIs504() async throws {
        let gateway = try OfflineGateway.start()
        defer { gateway.stop() }
        let received = try await fetch("POST", port: gateway.port, "/v1/operations", body: Data(#"{"operation": "noop"}"#.utf8))
        #expect(received.status == 504, "\(received.text)")
        #expect(received.errorCode == "timeout")
    }
}
