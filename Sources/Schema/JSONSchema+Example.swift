public import JSON

extension JSONSchema {
    /// A value that satisfies the schema where it easily can: the first allowed value, the smallest
    /// length or bound, every required property. Used to build a placeholder of a self-describing type.
    public var example: JSONValue {
        if let first = self.enum?.first { return first }
        switch type?.first(where: { $0 != .null }) ?? type?.first {
        case .null: return .null
        case .boolean: return .bool(false)
        case .integer: return .integer(Int64(exactly: (minimum ?? 0).rounded(.up)) ?? 0)
        case .number: return .number(minimum ?? 0)
        case .string: return .string(String(repeating: "a", count: minLength ?? 0))
        case .array: return .array(Array(repeating: items?.example ?? .null, count: minItems ?? 0))
        case .object:
            let names = required ?? []
            return .object(Dictionary(uniqueKeysWithValues: names.map { ($0, properties?[$0]?.example ?? .null) }))
        case nil: return .object([:])
        }
    }
}
