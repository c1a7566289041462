import Foundation
import HTTPServer
import Testing
import Webhooks

@Suite struct WebhookVerifierTests {
    static let secret = try! WebhookSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")

    @Test(
        arguments: [
            (nil, "1", "v1,x"), ("id", nil, "v1,x"), ("id", "1", nil), ("", "1", "v1,x"), ("id", "1", ""),
        ] as [(String?, String?, String?)])
    func aMissingHeaderIsReportedAsSuch(_ id: String?, _ timestamp: String?, _ signature: String?) {
        #expect(throws: WebhookVerificationError(code: .missingHeaders, messageID: id)) {
            try WebhookVerifier(secret: Self.secret).verify(
                id: id, timestamp: timestamp, signature: signature, body: Data())
        }
    }

    @Test func theToleranceIsConfigurable() throws {
        let signer = WebhookSigner(secret: Self.secret)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let signature = signer.sign(id: "m", timestamp: 1_700_000_000 - 60, body: Data())
        let strict = WebhookVerifier(secret: Self.secret, tolerance: .seconds(30))
        #expect(throws: WebhookVerificationError(code: .timestampTooOld, messageID: "m")) {
            try strict.verify(id: "m", timestamp: "1699999940", signature: signature, body: Data(), now: now)
        }
        try WebhookVerifier(secret: Self.secret).verify(
            id: "m", timestamp: "1699999940", signature: signature, body: Data(), now: now)
    }

    @Test func signedHeadersVerify() throws {
        let body = Data(#"{"job":"j1"}"#.utf8)
        var headers = HTTPHeaders()
        let signed = WebhookSigner(secret: Self.secret).headers(id: "msg_1", timestamp: 1_700_000_000, body: body)
        for (name, value) in signed {
            headers[name] = value
        }
        try WebhookVerifier(secret: Self.secret).verify(
            header: { headers[$0] }, body: body, now: Date(timeIntervalSince1970: 1_700_000_000))
    }

    /// Found by the webhookSignature fuzzer: a token ending in a prepended mark (U+0600) fused with the
    /// space after it when the header was split on characters, hiding the valid signature that followed.
    @Test func aValidSignatureAfterATokenEndingInAPrependedMarkVerifies() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let signature = WebhookSigner(secret: Self.secret).sign(id: "m", timestamp: 1_700_000_000, body: Data())
        try WebhookVerifier(secret: Self.secret).verify(
            id: "m", timestamp: "1700000000", signature: "\u{600} " + signature, body: Data(), now: now)
    }

    @Test func aSecretNeverShowsItsKey() throws {
        let text = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
        let secret = try WebhookSecret(text)
        for shown in [secret.description, secret.debugDescription, "\(secret)", String(reflecting: secret)] {
            #expect(!shown.contains("MfKQ9r8G"))
        }
    }

    @Test(arguments: ["whsec_!!!!", "ab cd", "whsec_A", "whsec_Zm9v\u{0}"])
    func aSecretThatIsNotBase64IsRefused(_ text: String) {
        #expect(throws: WebhookSecretError(code: .invalidBase64)) { try WebhookSecret(text) }
    }

    @Test func aGeneratedSecretRoundTripsThroughItsExportedForm() throws {
        let secret = WebhookSecret.generate()
        #expect(secret.exported.hasPrefix("whsec_"))
        #expect(try WebhookSecret(secret.exported) == secret)
        #expect(WebhookSecret.generate() != secret)
    }
}
