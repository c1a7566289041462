import Foundation
import Testing

/// The Standard Webhooks test vectors in `Fixtures/standard-webhooks.json` (its source is named in `Fixtures/README.md`).
struct WebhookVectors: Decodable, Sendable {
    struct Signed: Decodable, Sendable, CustomTestStringConvertible {
        let secret: String
        let id: String
        let timestamp: Int
        let payload: String
        let signature: String

        var testDescription: String { id }
    }

    struct Secrets: Decodable, Sendable {
        let sameKeyWithAndWithoutPrefix: [String]
        let rejectAsEmpty: [String]
        let unpaddedBase64Accepted: [String]
    }

    struct Timestamps: Decodable, Sendable {
        let rejectOffsetsSeconds: [Int]
        let rejectValues: [String]
    }

    let sign: [Signed]
    let rejectSignaturesForFirstVector: [String]
    let acceptHeaderWithSeveralSignatures: String
    let secrets: Secrets
    let timestamps: Timestamps
    let emptyBody: String

    /// Loads the fixture next to this test target's sources (`Tests/GatewayTests/Fixtures/`).
    static func load() throws -> WebhookVectors {
        // This file is Tests/GatewayTests/Support/WebhookVectors.swift.
        let target = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let file = target.appendingPathComponent("Fixtures/standard-webhooks.json")
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(WebhookVectors.self, from: Data(contentsOf: file))
    }
}
