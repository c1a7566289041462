import Foundation
import HTTPServer
import Sodium

/// The configured API tokens, kept only as keyed digests and checked in constant time.
public struct TokenStore: Sendable {
    private struct Entry: Sendable {
        let name: String
        let digest: [UInt8]
        let scopes: Set<Scope>
        let groups: [String]
    }

    /// A per-process HMAC key: every token becomes a 32-byte digest, so comparing never depends on its length.
    private let key: [UInt8]
    private let entries: [Entry]

    /// A store of `tokens`; names must be unique so answers say who answered.
    public init(_ tokens: [APIToken]) throws(GatewayError) {
        var seen: Set<String> = []
        for token in tokens where !seen.insert(token.name).inserted {
            throw GatewayError(.invalidTokens, "token name \(token.name) is used twice")
        }
        let key = Sodium.randomBytes(32)
        self.key = key
        self.entries = tokens.map { Entry(name: $0.name, digest: Self.digest($0.secret, key: key), scopes: $0.scopes, groups: $0.groups) }
    }

    /// Whether no token is configured (the API is then open, on loopback only).
    public var isEmpty: Bool { entries.isEmpty }

    /// The configured names, for the start-up log.
    public var names: [String] { entries.map(\.name) }

    /// The groups of the token named `name` (none when there is no such token): an answer link's person is in these.
    public func groups(of name: String) -> [String] {
        entries.first { $0.name == name }?.groups ?? []
    }

    /// Who may call a route with `access`, given the request's `Authorization` header; 401 or 403 otherwise.
    public func authorize(_ access: Access, authorization: String?) throws(APIError) -> Caller {
        guard case .scope(let scope) = access, !entries.isEmpty else { return .anonymous }
        guard let presented = Self.bearer(authorization) else { throw .unauthorized(invalid: authorization != nil) }
        let digest = Self.digest(presented, key: key)
        var match: Entry?
        // Every entry is compared, so the time taken does not tell which one (or whether one) matched.
        for entry in entries where Sodium.constantTimeEqual(entry.digest, digest) {
            match = entry
        }
        guard let match else { throw .unauthorized(invalid: true) }
        guard match.scopes.contains(scope) else { throw .forbidden(token: match.name, lacking: scope) }
        return Caller(name: match.name, groups: match.groups)
    }

    /// The credentials of `Bearer <token>` (the scheme is case-insensitive), or nil.
    private static func bearer(_ header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingWhitespace()
        return token.isEmpty ? nil : token
    }

    private static func digest(_ token: String, key: [UInt8]) -> [UInt8] {
        Sodium.hmacSHA256(key: key, parts: [Data(token.utf8)])
    }
}
