/// One API token: a name (recorded on answers), the secret value and its scopes; never printed.
public struct APIToken: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The name a person or system is known by, such as `ci` or `ana`.
    public let name: String
    /// What the token may do.
    public let scopes: Set<Scope>
    /// Groups the holder belongs to, for questions meant for a group.
    public let groups: [String]
    /// The bearer value; read only to derive the store's digest.
    let secret: String

    /// A token; `GatewayError.invalidTokens` names what is wrong (never the value).
    public init(name: String, token: String, scopes: Set<Scope>, groups: [String] = []) throws(GatewayError) {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.@".contains($0) }) else {
            throw GatewayError(.invalidTokens, "token name \"\(name)\" must be letters, digits, -, _, . or @")
        }
        guard !token.isEmpty, !token.contains(where: { $0.isWhitespace || $0 == "," }) else {
            throw GatewayError(.invalidTokens, "token \(name) must be non-empty, without spaces or commas")
        }
        guard !scopes.isEmpty else {
            throw GatewayError(.invalidTokens, "token \(name) has no scopes; give some of submit, answer, read")
        }
        if let bad = groups.first(where: { $0.isEmpty || !$0.allSatisfy({ $0.isLetter || $0.isNumber || "-_.@".contains($0) }) }) {
            throw GatewayError(.invalidTokens, "token \(name) has a group \"\(bad)\"; groups are letters, digits, -, _, . or @")
        }
        self.name = name
        self.secret = token
        self.scopes = scopes
        self.groups = groups
    }

    /// The name and scopes, never the value.
    public var description: String {
        "APIToken(\(name), scopes: \(scopes.map(\.rawValue).sorted().joined(separator: "+")), redacted)"
    }

    /// The same redacted text.
    public var debugDescription: String { description }
}
