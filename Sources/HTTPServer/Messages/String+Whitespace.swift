extension StringProtocol {
    /// The text without leading and trailing whitespace as `CharacterSet.whitespaces` defines it (tab, the
    /// Unicode space separators and U+200B, not line breaks), without Foundation's bridging through `NSString`: the header
    /// checks every request makes (`Host`, `Origin`, `Content-Type`, `Content-Length`) call it.
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        // The usual header value has nothing to trim.
        if let head = scalars.first, let tail = scalars.last, !Self.isWhitespace(head), !Self.isWhitespace(tail) { return String(self) }
        guard let first = scalars.firstIndex(where: { !Self.isWhitespace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !Self.isWhitespace($0) })!
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars[first...last])
        return String(trimmed)
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        // U+200B, a space separator in older Unicode, is still in Foundation's set.
        scalar == " " || scalar == "\t"
            || (scalar.value > 0x7F && (scalar.properties.generalCategory == .spaceSeparator || scalar == "\u{200B}"))
    }
}
