import Foundation
import Webhooks

/// The three Standard Webhooks headers and a body, cut at NUL, through the verifier; a valid
/// signature for the same id, timestamp and body must still verify.
enum WebhookSignatureFuzz {
    static let secret = try? WebhookSecret("whsec_" + Data(repeating: 7, count: 32).base64EncodedString())
    static let verifier = secret.map { WebhookVerifier(secret: $0) }
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func run(_ data: Data) {
        guard let secret, let verifier else { preconditionFailure("the fixed secret is a valid key") }
        let parts = data.pieces(4)
        let text = { (index: Int) in parts.count > index ? String(decoding: parts[index], as: UTF8.self) : nil }
        let body = parts.count > 3 ? parts[3] : Data()
        _ = try? verifier.verify(id: text(0), timestamp: text(1), signature: text(2), body: body, now: now)
        let id = text(0) ?? ""
        guard !id.isEmpty else { return }
        let timestamp = Int(now.timeIntervalSince1970)
        let signature = WebhookSigner(secret: secret).sign(id: id, timestamp: timestamp, body: body)
        let combined = [text(2) ?? "", signature].joined(separator: " ")
        precondition(
            (try? verifier.verify(id: id, timestamp: String(timestamp), signature: combined, body: body, now: now)) != nil,
            "a valid signature among others did not verify")
    }
}
