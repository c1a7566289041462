extension Settings: CustomStringConvertible {
    /// Every key and value, with secrets redacted, so settings can be printed or logged safely.
    public var description: String {
        Self.table.map { "\($0.key)=\($0.shown(in: self))" }.joined(separator: " ")
    }
}
