/// Strict decoding for policy files: unknown fields and unknown enum values are errors with a path,
/// because a misspelt `"operaton"` would otherwise widen a rule to every presentation.
struct PolicyKey: CodingKey, Hashable {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Decoder {
    /// The object's container, after checking it has only the `allowed` fields.
    func policyObject(allowing allowed: [String]) throws -> KeyedDecodingContainer<PolicyKey> {
        let container = try container(keyedBy: PolicyKey.self)
        if let unknown = container.allKeys.first(where: { !allowed.contains($0.stringValue) }) {
            throw PolicyError(
                .unknownField, at: codingPath + [unknown],
                "unknown field \"\(unknown.stringValue)\"; expected \(allowed.joined(separator: ", "))")
        }
        return container
    }
}

extension KeyedDecodingContainer where Key == PolicyKey {
    /// A string field mapped through `T(rawValue:)`; an unknown value names the accepted ones.
    func policyEnum<T: RawRepresentable & CaseIterable>(
        _ type: T.Type, _ name: String, code: PolicyError.Code
    ) throws -> T? where T.RawValue == String {
        guard let raw = try decodeIfPresent(String.self, forKey: PolicyKey(name)) else { return nil }
        guard let value = T(rawValue: raw) else {
            let accepted = T.allCases.map(\.rawValue).joined(separator: " or ")
            throw PolicyError(code, at: codingPath + [PolicyKey(name)], "unknown \(name) \"\(raw)\"; expected \(accepted)")
        }
        return value
    }

    /// Throws `missingField` with a sentence when a required field is absent or null.
    func require(_ name: String, _ detail: String) throws {
        if try !contains(PolicyKey(name)) || decodeNil(forKey: PolicyKey(name)) {
            throw PolicyError(.missingField, at: codingPath + [PolicyKey(name)], detail)
        }
    }
}
