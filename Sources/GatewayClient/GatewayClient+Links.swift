public import Foundation
import JSON

extension GatewayClient {
    /// A signed link with which `person` answers the pending question `presentation` once, lasting
    /// `lifetime` seconds (the gateway's default, a day, when nil) but never past its deadline; needs a
    /// token with the `link` scope.
    public func link(_ presentation: String, for person: String, lifetime: TimeInterval? = nil) async throws(GatewayClientError) -> IssuedAnswerLink {
        var fields: [String: JSONValue] = ["for": .string(person)]
        if let lifetime { fields["expiresIn"] = .number(lifetime) }
        let response = try await send("POST", "/v1/presentations/\(Self.segment(presentation))/links", json: Self.body(fields))
        return try Self.decoded(IssuedAnswerLink.self, response)
    }
}

/// An answer link as `POST /v1/presentations/{id}/links` gives it.
public struct IssuedAnswerLink: Decodable, Sendable, Hashable {
    /// The URL to hand to the person.
    public let url: String
    /// The question it answers.
    public let presentation: String
    /// The person it answers as.
    public let person: String
    /// When it stops working.
    public let expiresAt: Date

    private enum CodingKeys: String, CodingKey {
        case url, presentation, expiresAt
        case person = "for"
    }
}
