/// Who made a request: the name of the token it carried, or `anonymous` when the API is open.
public struct Caller: Sendable, Hashable, CustomStringConvertible {
    /// The token's name; recorded as `by` on answers.
    public let name: String
    /// The token's groups, for questions meant for a group.
    public let groups: [String]

    /// A caller known by `name`, in `groups`.
    public init(name: String, groups: [String] = []) {
        self.name = name
        self.groups = groups
    }

    /// The caller of an open API or an open route.
    public static let anonymous = Caller(name: "anonymous")

    /// The name.
    public var description: String { name }
}
