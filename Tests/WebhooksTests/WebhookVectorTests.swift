import Foundation
import HTTPServer
import Testing
import Webhooks

@Suite struct WebhookVectorTests {
    static let vectors = Result { try WebhookVectors.load() }

    static func signVectors() throws -> [WebhookVectors.Signed] {
        try vectors.get().sign
    }

    static func first() throws -> WebhookVectors.Signed {
        try #require(try vectors.get().sign.first)
    }

    static func verifier(_ vector: WebhookVectors.Signed) throws -> WebhookVerifier {
        WebhookVerifier(secret: try WebhookSecret(vector.secret))
    }

    static func date(_ seconds: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    @Test(arguments: try signVectors())
    func eachSignVectorSignsToItsSignatureAndVerifies(_ vector: WebhookVectors.Signed) throws {
        let signer = WebhookSigner(secret: try WebhookSecret(vector.secret))
        let body = Data(vector.payload.utf8)
        #expect(signer.sign(id: vector.id, timestamp: vector.timestamp, body: body) == vector.signature)
        try Self.verifier(vector).verify(
            id: vector.id, timestamp: String(vector.timestamp), signature: vector.signature, body: body,
            now: Self.date(vector.timestamp))
    }

    @Test(arguments: try vectors.get().rejectSignaturesForFirstVector)
    func eachRejectedSignatureIsRefusedForTheFirstVector(_ signature: String) throws {
        let vector = try Self.first()
        #expect(throws: WebhookVerificationError(code: .noMatchingSignature, messageID: vector.id)) {
            try Self.verifier(vector).verify(
                id: vector.id, timestamp: String(vector.timestamp), signature: signature,
                body: Data(vector.payload.utf8), now: Self.date(vector.timestamp))
        }
    }

    @Test func aHeaderWithSeveralSignaturesIsAcceptedWhenOneV1Matches() throws {
        let vector = try Self.first()
        var headers = HTTPHeaders()
        headers["Webhook-Id"] = vector.id
        headers["WEBHOOK-TIMESTAMP"] = String(vector.timestamp)
        headers["webhook-signature"] = try Self.vectors.get().acceptHeaderWithSeveralSignatures
        try Self.verifier(vector).verify(
            header: { headers[$0] }, body: Data(vector.payload.utf8), now: Self.date(vector.timestamp))
    }

    @Test func theSameKeyParsesWithAndWithoutThePrefix() throws {
        let texts = try Self.vectors.get().secrets.sameKeyWithAndWithoutPrefix
        let secrets = try texts.map { try WebhookSecret($0) }
        #expect(Set(secrets.map(\.exported)).count == 1)
        #expect(secrets.allSatisfy { $0 == secrets[0] })
    }

    @Test(arguments: try vectors.get().secrets.rejectAsEmpty)
    func anEmptySecretIsRefused(_ text: String) {
        #expect(throws: WebhookSecretError(code: .empty)) { try WebhookSecret(text) }
    }

    @Test(arguments: try vectors.get().secrets.unpaddedBase64Accepted)
    func unpaddedBase64IsAccepted(_ text: String) throws {
        let secret = try WebhookSecret(text)
        #expect(try WebhookSecret("whsec_" + text) == secret)
    }

    @Test(arguments: try vectors.get().timestamps.rejectOffsetsSeconds)
    func aTimestampOutsideTheToleranceIsRefused(_ offset: Int) throws {
        let vector = try Self.first()
        let timestamp = vector.timestamp + offset
        let body = Data(vector.payload.utf8)
        let signature = WebhookSigner(secret: try WebhookSecret(vector.secret))
            .sign(id: vector.id, timestamp: timestamp, body: body)
        let expected: WebhookVerificationError.Code = offset < 0 ? .timestampTooOld : .timestampTooNew
        #expect(throws: WebhookVerificationError(code: expected, messageID: vector.id)) {
            try Self.verifier(vector).verify(
                id: vector.id, timestamp: String(timestamp), signature: signature, body: body,
                now: Self.date(vector.timestamp))
        }
        // One second less is inside the tolerance.
        let inside = vector.timestamp + offset.signum() * 300
        let insideSignature = WebhookSigner(secret: try WebhookSecret(vector.secret))
            .sign(id: vector.id, timestamp: inside, body: body)
        try Self.verifier(vector).verify(
            id: vector.id, timestamp: String(inside), signature: insideSignature, body: body,
            now: Self.date(vector.timestamp))
    }

    @Test(arguments: try vectors.get().timestamps.rejectValues)
    func aTimestampThatIsNotIntegerSecondsIsRefused(_ value: String) throws {
        let vector = try Self.first()
        #expect(throws: WebhookVerificationError(code: .invalidTimestamp, messageID: vector.id)) {
            try Self.verifier(vector).verify(
                id: vector.id, timestamp: value, signature: vector.signature, body: Data(vector.payload.utf8),
                now: Self.date(vector.timestamp))
        }
    }

    @Test func anEmptyBodyIsSignedAsIdDotTimestampDot() throws {
        let vector = try Self.first()
        let signer = WebhookSigner(secret: try WebhookSecret(vector.secret))
        let signature = signer.sign(id: vector.id, timestamp: vector.timestamp, body: Data())
        #expect(signature.hasPrefix("v1,") && signature.count == 47)
        #expect(signature != vector.signature)
        try Self.verifier(vector).verify(
            id: vector.id, timestamp: String(vector.timestamp), signature: signature, body: Data(),
            now: Self.date(vector.timestamp))
        #expect(throws: WebhookVerificationError.self) {
            try Self.verifier(vector).verify(
                id: vector.id, timestamp: String(vector.timestamp), signature: signature, body: Data(" ".utf8),
                now: Self.date(vector.timestamp))
        }
    }
}
