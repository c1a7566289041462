public import Foundation
import Sodium

/// Checks incoming Standard Webhooks v1 messages: signature and timestamp tolerance.
public struct WebhookVerifier: Sendable {
    private let signer: WebhookSigner
    private let toleranceSeconds: Int64

    /// A verifier for one sender's secret, accepting timestamps within `tolerance` of now.
    public init(secret: WebhookSecret, tolerance: Duration = .seconds(300)) {
        self.signer = WebhookSigner(secret: secret)
        self.toleranceSeconds = max(0, tolerance.components.seconds)
    }

    /// Verifies a message using the `webhook-id`, `webhook-timestamp` and `webhook-signature` headers,
    /// read with `header` (a lookup by name, without regard to case).
    public func verify(header: (String) -> String?, body: Data, now: Date = Date()) throws(WebhookVerificationError) {
        try verify(
            id: header(WebhookHeader.id), timestamp: header(WebhookHeader.timestamp),
            signature: header(WebhookHeader.signature), body: body, now: now)
    }

    /// Verifies a message from the three header values; any matching `v1` signature wins.
    public func verify(
        id: String?, timestamp: String?, signature: String?, body: Data, now: Date = Date()
    ) throws(WebhookVerificationError) {
        guard let id, !id.isEmpty, let timestamp, !timestamp.isEmpty, let signature, !signature.isEmpty else {
            throw WebhookVerificationError(code: .missingHeaders, messageID: id)
        }
        guard let seconds = Self.seconds(timestamp) else {
            throw WebhookVerificationError(code: .invalidTimestamp, messageID: id)
        }
        let current = Int64(now.timeIntervalSince1970.rounded(.down))
        if current - seconds > toleranceSeconds {
            throw WebhookVerificationError(code: .timestampTooOld, messageID: id)
        }
        if seconds - current > toleranceSeconds {
            throw WebhookVerificationError(code: .timestampTooNew, messageID: id)
        }
        let expected = signer.mac(id: id, timestamp: timestamp, body: body)
        // Split on the bytes, not on characters: a grapheme cluster may swallow the space (a prepended
        // mark before it), which would hide a valid signature behind a token that is not one.
        let matches = signature.utf8.split(separator: UInt8(ascii: " ")).contains { candidate in
            let parts = candidate.split(separator: UInt8(ascii: ","), maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].elementsEqual("v1".utf8),
                let mac = Sodium.bytes(base64: String(decoding: parts[1], as: UTF8.self))
            else { return false }
            return Sodium.constantTimeEqual(mac, expected)
        }
        guard matches else { throw WebhookVerificationError(code: .noMatchingSignature, messageID: id) }
    }

    /// Integer seconds written as plain digits only: no sign, fraction or exponent.
    private static func seconds(_ text: String) -> Int64? {
        guard text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int64(text)
    }
}
