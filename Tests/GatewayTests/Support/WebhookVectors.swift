import Foundation
import Testing

/// The Standard Webhooks test vectors shared by the project, `/work/shared/vectors/standard-webhooks.json`.
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

    /// Loads the file found relative to the calling test file (`Tests/GatewayTests/X.swift`): the
    /// repository root is three levels up, the vectors are at `<root>/../shared/vectors`.
    static func load(filePath: String = #filePath) throws -> WebhookVectors {
        let root = URL(fileURLWithPath: filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = root.appendingPathComponent("../shared/vectors/standard-webhooks.json").standardized
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(WebhookVectors.self, from: Data(contentsOf: file))
    }
}
