public import Wire

/// What a key may do, as its line in the authorized keys file says.
public enum Role: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Runs operations: may connect to the worker endpoint only.
    case worker
    /// Submits, reads and cancels jobs.
    case client
    /// Reads and answers questions, always under its own name.
    case answerer
    /// Reads jobs, questions, operations and the broker's state, and changes nothing (health probes, dashboards).
    case reader
    /// The HTTP gateway: does everything a client and an answerer do, answering under its callers' names.
    case gateway

    /// The broker sockets (ZAP domains) a key with this role may connect to.
    public var domains: Set<BrokerDomain> {
        self == .worker ? [.workers] : [.clients, .events]
    }

    /// The rights this role grants over client requests (docs/security.md, "What each role grants").
    public var grants: Set<ClientRequest.Access> {
        switch self {
        case .worker: []
        case .client: [.read, .submit]
        case .answerer: [.read, .answer]
        case .reader: [.read]
        case .gateway: Set(ClientRequest.Access.allCases)
        }
    }

    /// Whether this role may make `request` at all (the answerer's name rule is checked in `Identity`).
    public func permits(_ request: ClientRequest) -> Bool {
        grants.contains(request.kind.declaration.access)
    }

    public static func < (lhs: Role, rhs: Role) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The broker's three sockets, named as their CURVE handshakes name them to the ZAP handler.
public enum BrokerDomain: String, Sendable, Hashable, CaseIterable {
    case clients, workers, events
}
