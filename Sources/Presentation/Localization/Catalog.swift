import Foundation

/// Translations of presentation texts and resolver strings: locale identifier → key → template.
///
/// Templates use `{0}`, `{1}`, … for a `Localization`'s arguments. A text that depends on a count gives
/// its plural forms as keys of their own, `key#one` and `key#other` (and `key#many` in Spanish), chosen by
/// the first argument by the CLDR rules (`pluralCategory(of:locale:)`). Each operation ships its own (its
/// worker announces it to the broker) and each resolver its own; they are Swift dictionaries, not
/// resource bundles, so a copied binary still speaks every language it ships.
///
/// ```swift
/// static let catalog = Catalog([
///     "en": ["greet.confirm.title": "Greet {0}?", "greet.action.greet": "Greet"],
///     "es": ["greet.confirm.title": "¿Saludar a {0}?", "greet.action.greet": "Saludar"],
/// ])
/// catalog.localize(Localization("greet.confirm", ["Ada"]), part: "title", fallback: "", locale: "es")  // "¿Saludar a Ada?"
/// ```
public struct Catalog: Sendable, Hashable {
    /// The locale every lookup falls back to before the author's default text.
    public static let fallbackLocale = "en"

    /// Templates by language (`en`, `es`) or full locale (`es_MX`), then by key.
    public let tables: [String: [String: String]]

    /// A catalog made of these tables.
    public init(_ tables: [String: [String: String]]) {
        self.tables = tables
    }

    /// This catalog, with `other`'s templates for the keys it lacks in each locale.
    public func merging(_ other: Catalog) -> Catalog {
        Catalog(tables.merging(other.tables) { mine, theirs in mine.merging(theirs) { own, _ in own } })
    }

    /// This catalog without the keys `isExcluded` names, in every locale.
    public func removing(_ isExcluded: (String) -> Bool) -> Catalog {
        Catalog(tables.mapValues { table in table.filter { !isExcluded($0.key) } })
    }

    /// The text for `localization` (its key, plus `.part` when given) in `locale`, or `fallback`.
    ///
    /// `es_ES.UTF-8` is tried as `es_ES`, then `es`, then `en`; a template that needs more arguments
    /// than the localization carries is skipped, and when nothing fits the author's text is used.
    public func localize(_ localization: Localization?, part: String?, fallback: String, locale: String) -> String {
        guard let localization else { return fallback }
        let key = part.map { "\(localization.key).\($0)" } ?? localization.key
        for candidate in Self.candidates(for: locale) {
            guard let table = tables[candidate],
                let template = Self.template(key, in: table, arguments: localization.arguments, locale: candidate)
            else { continue }
            let needed = (Self.placeholders(in: template).max() ?? -1) + 1
            if needed <= localization.arguments.count {
                return Self.format(template, arguments: localization.arguments)
            }
        }
        return fallback
    }

    /// A resolver string by key with its arguments; the key itself when no catalog has it.
    public func string(_ key: String, _ arguments: [String] = [], locale: String) -> String {
        localize(Localization(key, arguments), part: nil, fallback: key, locale: locale)
    }

    /// The catalog locales tried for a POSIX or BCP 47 identifier, most specific first, ending with `en`.
    public static func candidates(for locale: String) -> [String] {
        let base = locale.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        let full = base.replacingOccurrences(of: "-", with: "_")
        var result: [String] = []
        for candidate in [full, String(full.prefix { $0 != "_" }).lowercased(), fallbackLocale]
        where !candidate.isEmpty && !result.contains(candidate) {
            result.append(candidate)
        }
        return result
    }
}

extension Catalog: Codable {
    /// Reads the tables: `{"en": {"key": "template"}, "es": {…}}`.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([String: [String: String]].self))
    }

    /// Writes the tables as `{"en": {"key": "template"}, …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(tables)
    }
}
