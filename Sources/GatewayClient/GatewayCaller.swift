public import Presentation

/// Who a token names: the name its answers are recorded under and the groups it belongs to.
public struct GatewayCaller: Decodable, Sendable, Hashable {
    /// The token's name (`anonymous` on an open API).
    public let name: String
    /// The token's groups.
    public let groups: [String]

    /// A caller of this name and groups.
    public init(name: String, groups: [String]) {
        self.name = name
        self.groups = groups
    }

    /// Whether the caller may answer `presentation`: it has no audience, or its audience includes the caller.
    public func mayAnswer(_ presentation: Presentation) -> Bool {
        presentation.audience?.includes(name: name, groups: groups) ?? true
    }
}
