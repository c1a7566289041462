import PostgreSQL

extension Settings: CustomStringConvertible {
    /// Every key and value, with secrets redacted, so settings can be printed or logged safely.
    public var description: String {
        let mirror = Dictionary(uniqueKeysWithValues: Mirror(reflecting: self).children.compactMap { child in
            child.label.map { ($0, "\(child.value)") }
        })
        return Self.keys.map { key in
            let value = mirror[key] ?? ""
            let shown = Self.secretKeys.contains(key) && !value.isEmpty ? "(redacted)" : key == "journal" ? PostgresURL.redact(value) : value
            return "\(key)=\(shown)"
        }.joined(separator: " ")
    }
}
