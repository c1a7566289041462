/// Who made a request: the name of the token it carried, or `anonymous` when the API is open.
public struct Caller: Sendable, Hashable, CustomStringConvertible {
    /// The token's name; recorded as `by` on answers.
    public let name: String

    /// A caller known by `name`.
    public init(name: String) {
        self.name = name
    }

    /// The caller of an open API or an open route.
    public static let anonymous = Caller(name: "anonymous")

    /// The name.
    public var description: String { name }
}
