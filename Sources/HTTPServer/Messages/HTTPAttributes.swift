/// Names one value middleware attaches to a request, such as the authenticated caller.
public protocol HTTPAttributeKey {
    /// The type of the value.
    associatedtype Value: Sendable
}

/// Values attached to a request by middleware, each under its key type.
public struct HTTPAttributes: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// No values.
    public init() {}

    /// The value under `key`, or nil.
    public subscript<Key: HTTPAttributeKey>(key: Key.Type) -> Key.Value? {
        get { values[ObjectIdentifier(key)] as? Key.Value }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}
