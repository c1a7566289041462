public import Wire
public import ZeroMQ

/// Who a connection's key belongs to: its name, roles and groups, from the authorized keys file.
public struct Identity: Sendable, Hashable {
    /// The name answers are recorded under.
    public let name: String
    /// What the key may do.
    public let roles: Set<Role>
    /// Groups the key belongs to, for rules about who a question is for.
    public let groups: [String]
    /// The key itself.
    public let key: CurvePublicKey

    /// An identity as one or more lines of the file describe it.
    public init(name: String, roles: Set<Role>, groups: [String] = [], key: CurvePublicKey) {
        self.name = name
        self.roles = roles
        self.groups = groups
        self.key = key
    }

    /// Whether the key may connect to the broker socket of `domain`.
    public func mayConnect(to domain: BrokerDomain) -> Bool {
        roles.contains { $0.domains.contains(domain) }
    }

    /// The request as it may go ahead under this identity, or a `forbidden` refusal naming the rule.
    ///
    /// An answer without a gateway role is recorded under the key's own name: an empty `by` becomes
    /// that name, and any other name is refused as impersonation.
    public func authorize(_ request: ClientRequest) throws(WireError) -> ClientRequest {
        guard roles.contains(where: { $0.permits(request) }) else {
            let held = roles.sorted().map(\.rawValue).joined(separator: ", ")
            throw WireError(.forbidden, "key \"\(name)\" (\(held)) may not \(request.type); see docs/security.md")
        }
        guard case .answer(let answer) = request, !roles.contains(.gateway) else { return request }
        guard answer.by.isEmpty || answer.by == name else {
            throw WireError(.forbidden, "key \"\(name)\" may answer only as \"\(name)\", not as \"\(answer.by)\"")
        }
        var named = answer
        named.by = name
        named.groups = groups
        return .answer(named)
    }
}
