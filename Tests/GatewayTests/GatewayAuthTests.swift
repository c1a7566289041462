import Foundation
import Gateway
import TestSupport
import Testing

@Suite struct GatewayAuthTests {
    static let tokens = "ci:tok-ci-0123456789:submit+read,ana:tok-ana-0123456789:answer"

    static func start() throws -> GatewayService {
        try OfflineGateway.start { $0.tokens = try! APIToken.parse(inline: tokens) }
    }

    @Test(arguments: ["0.0.0.0", "10.20.30.40", "192.168.1.7"])
    func aNonLoopbackAddressWithoutTokensIsRefusedBeforeBinding(_ host: String) {
        do {
            _ = try OfflineGateway.start { $0.host = host }
            Issue.record("the gateway started on \(host) without tokens")
        } catch let error as GatewayError {
            #expect(error.code == .tokensRequired)
            #expect(error.description.contains(host))
            #expect(error.description.contains("tokens"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(arguments: ["127.0.0.1", "localhost"])
    func loopbackWithoutTokensIsOpen(_ host: String) async throws {
        let gateway = try OfflineGateway.start { $0.host = host }
        defer { gateway.stop() }
        // Through authentication to the (absent) broker: 504, not 401.
        let received = try await fetch(port: gateway.port, "/v1/jobs")
        #expect(received.status == 504)
    }

    @Test func withTokensAMissingTokenIs401WithABearerChallenge() async throws {
        let gateway = try Self.start()
        defer { gateway.stop() }
        let received = try await fetch(port: gateway.port, "/v1/jobs")
        #expect(received.status == 401)
        #expect(received.errorCode == "unauthorized")
        #expect(received.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
        let wrong = try await fetch(port: gateway.port, "/v1/jobs", headers: ["Authorization": "Bearer tok-ci-wrong"])
        #expect(wrong.status == 401)
        #expect(wrong.errorCode == "invalidToken")
        #expect(!wrong.text.contains("tok-ci"), "a refusal never echoes the token")
    }

    @Test func aValidTokenWithoutTheScopeIs403() async throws {
        let gateway = try Self.start()
        defer { gateway.stop() }
        let answer = try await fetch(
            "POST", port: gateway.port, "/v1/presentations/prs_1/answer", body: Data(#"{"action": "remove"}"#.utf8),
            headers: ["Authorization": "Bearer tok-ci-0123456789"])
        #expect(answer.status == 403)
        #expect(answer.errorCode == "forbidden")
        let read = try await fetch(port: gateway.port, "/v1/jobs", headers: ["Authorization": "Bearer tok-ana-0123456789"])
        #expect(read.status == 403)
    }

    @Test func theRightScopePassesAndOpenRoutesNeedNoToken() async throws {
        let gateway = try Self.start()
        defer { gateway.stop() }
        let read = try await fetch(port: gateway.port, "/v1/jobs/job_1", headers: ["Authorization": "Bearer tok-ci-0123456789"])
        #expect(read.status == 504, "authorized, then the absent broker times out")
        #expect(try await fetch(port: gateway.port, "/healthz").status == 503)
        #expect(try await fetch(port: gateway.port, "/metrics").status == 200)
        #expect(try await fetch(port: gateway.port, "/v1/openapi.json").status == 200)
    }
}
