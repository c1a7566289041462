import Foundation
import Gateway
import TestSupport
import Testing
import Webhooks

/// Incoming webhooks up to the broker: configuration, signatures and timestamps (the full flow is end to end).
@Suite struct GatewayWebhookTests {
    static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    static let body = Data(#"{"operation": "noop"}"#.utf8)

    static func start() throws -> GatewayService {
        try OfflineGateway.start { $0.incomingSecret = try! WebhookSecret(secret) }
    }

    static func signed(id: String = "msg_1", at timestamp: Int = Int(Date().timeIntervalSince1970), secret: String = secret) throws -> [String: String] {
        WebhookSigner(secret: try WebhookSecret(secret)).headers(id: id, timestamp: timestamp, body: body)
    }

    @Test func withoutASecretEveryWebhookIs401SayingSo() async throws {
        let gateway = try OfflineGateway.start()
        defer { gateway.stop() }
        let received = try await fetch("POST", port: gateway.port, "/v1/webhooks/operations", body: Self.body, headers: try Self.signed())
        #expect(received.status == 401)
        #expect(received.errorCode == "webhooksNotConfigured")
        #expect((OfflineGateway.error(received)?["message"] as? String)?.contains("not configured") == true)
    }

    @Test func anUnsignedWebhookIs401() async throws {
        let gateway = try Self.start()
        defer { gateway.stop() }
        let received = try await fetch("POST", port: gateway.port, "/v1/webhooks/operations", body: Self.body)
        #expect(received.status == 401)
        #expect(received.errorCode == "missingHeaders")
    }

    @Test func aSignatureWithAnotherSecretOrAStaleTimestampIs401() async throws {
        let gateway = try Self.start()
        defer { gateway.stop() }
        let other = try Self.signed(secret: "whsec_" + Data(repeating: 7, count: 32).base64EncodedString())
        let wrong = try await fetch("POST", port: gateway.port, "/v1/webhooks/operations", body: Self.body, headers: other)
        #expect(wrong.status == 401)
        #expect(wrong.errorCode == "noMatchingSignature")
        let old = try Self.signed(at: Int(Date().timeIntervalSince1970) - 600)
        let stale = try await fetch("POST", port: gateway.port, "/v1/webhooks/operations", body: Self.body, headers: old)
        #expect(stale.status == 401)
        #expect(stale.errorCode == "timestampTooOld")
    }

    @Test func aBearerTokenDoesNotStandInForASignature() async throws {
        let gateway = try OfflineGateway.start {
            $0.incomingSecret = try! WebhookSecret(Self.secret)
            $0.tokens = try! APIToken.parse(inline: "ci:tok-ci-0123456789:submit")
        }
        defer { gateway.stop() }
        let tokenOnly = try await fetch(
            "POST", port: gateway.port, "/v1/webhooks/operations", body: Self.body, headers: ["Authorization": "Bearer tok-ci-0123456789"])
        #expect(tokenOnly.status == 401)
        // A valid signature needs no token: it gets through to the (absent) broker.
        let signed = try await fetch("POST", port: gateway.port, "/v1/webhooks/operations", body: Self.body, headers: try Self.signed())
        #expect(signed.status == 504, "\(signed.text)")
    }
}
