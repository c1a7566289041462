/// Rules for text a person reads: names and a question's words carry nothing a terminal would act on.
///
/// Refused (or, where text is printed, escaped): C0 and C1 control characters and DEL, the
/// bidirectional overrides and isolates that reorder what is shown, and the line and paragraph
/// separators. Line breaks and tabs pass where a text may have several lines.
public enum TextRules {
    /// The first character of `text` a terminal would act on instead of showing, if any.
    public static func firstControl(in text: String, allowingLineBreaks: Bool = false) -> Unicode.Scalar? {
        text.unicodeScalars.first { isControl($0, allowingLineBreaks: allowingLineBreaks) }
    }

    /// `text` with each such character written visibly as `\u{1B}`; nothing else changes.
    public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard firstControl(in: text, allowingLineBreaks: keepingLineBreaks) != nil else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if isControl(scalar, allowingLineBreaks: keepingLineBreaks) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// How a refused character is named in an error: `U+001B`.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    static func isControl(_ scalar: Unicode.Scalar, allowingLineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return !allowingLineBreaks
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x2028, 0x2029: return true
        default: return false
        }
    }
}
