public import Foundation
import Sodium

/// Signs outgoing webhook messages the Standard Webhooks v1 way (HMAC-SHA256).
public struct WebhookSigner: Sendable {
    private let secret: WebhookSecret

    /// A signer for one endpoint's secret.
    public init(secret: WebhookSecret) {
        self.secret = secret
    }

    /// The `v1,<base64>` signature of `id.timestamp.body`.
    public func sign(id: String, timestamp: Int, body: Data) -> String {
        "v1," + Sodium.base64(mac(id: id, timestamp: String(timestamp), body: body))
    }

    /// The three headers to send with `body`: `webhook-id`, `webhook-timestamp` and `webhook-signature`.
    public func headers(id: String, timestamp: Int, body: Data) -> [String: String] {
        [
            WebhookHeader.id: id,
            WebhookHeader.timestamp: String(timestamp),
            WebhookHeader.signature: sign(id: id, timestamp: timestamp, body: body),
        ]
    }

    /// The raw HMAC over the signed content, shared with the verifier.
    func mac(id: String, timestamp: String, body: Data) -> [UInt8] {
        Sodium.hmacSHA256(key: secret.key, parts: [Data("\(id).\(timestamp).".utf8), body])
    }
}
