extension Catalog {
    /// A CLDR plural category, as a catalog key's suffix names it (`key#one`, `key#many`, `key#other`).
    public enum PluralCategory: String, Sendable, CaseIterable {
        /// One (en: exactly 1; es: 1, also written 1.0).
        case one
        /// Many (es: a whole number of millions, as in "1 millón de ficheros").
        case many
        /// Everything else; every plural text has this form.
        case other
    }

    /// The category of `argument` (a number as text: `3`, `-1`, `1.5`) in `locale`'s language by the CLDR
    /// rules for English and Spanish; another language is treated as English, and text that is not a
    /// number is `other`.
    public static func pluralCategory(of argument: String, locale: String) -> PluralCategory {
        let digits = argument.hasPrefix("-") ? argument.dropFirst() : argument[...]
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy({ $0.isASCII && $0.isNumber }),
            parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy({ $0.isASCII && $0.isNumber }))
        else { return .other }
        let integer = whole.drop { $0 == "0" }
        let fraction = parts.count == 2 ? parts[1] : ""
        let isOne = integer == "1"
        if locale.lowercased().hasPrefix("es") {
            if isOne && fraction.allSatisfy({ $0 == "0" }) { return .one }
            if fraction.isEmpty, integer.count >= 7, integer.hasSuffix("000000") { return .many }
            return .other
        }
        return isOne && fraction.isEmpty ? .one : .other
    }

    /// The template `table` holds for `key` in `locale`: the key itself, or, when the table gives plural
    /// forms (`key#one`, `key#other`, …), the form of the first argument's category (`other` when that one
    /// is missing).
    static func template(_ key: String, in table: [String: String], arguments: [String], locale: String) -> String? {
        if let template = table[key] { return template }
        guard let other = table[key + "#" + PluralCategory.other.rawValue] else { return nil }
        guard let count = arguments.first else { return other }
        return table[key + "#" + pluralCategory(of: count, locale: locale).rawValue] ?? other
    }

    /// The key a plural form belongs to: `k` for `k#one`, the key itself otherwise.
    public static func baseKey(of key: String) -> String {
        guard let mark = key.lastIndex(of: "#"), PluralCategory(rawValue: String(key[key.index(after: mark)...])) != nil else { return key }
        return String(key[..<mark])
    }
}
