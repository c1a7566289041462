extension Catalog {
    /// The presentation's title in `locale` (key `<key>.title`), or its default text.
    public func title(of presentation: Presentation, locale: String) -> String {
        localize(presentation.localization, part: "title", fallback: presentation.title, locale: locale)
    }

    /// The presentation's message in `locale` (key `<key>.message`), or its default text; `nil` when it has none.
    public func message(of presentation: Presentation, locale: String) -> String? {
        presentation.message.map { localize(presentation.localization, part: "message", fallback: $0, locale: locale) }
    }

    /// An error alert's failure reason in `locale` (key `<key>.failureReason`), or its default text.
    public func failureReason(of presentation: Presentation, locale: String) -> String? {
        presentation.error?.failureReason.map {
            localize(presentation.localization, part: "failureReason", fallback: $0, locale: locale)
        }
    }

    /// An action's label in `locale` (its own key), or its default text.
    public func label(of action: Action, locale: String) -> String {
        localize(action.localization, part: nil, fallback: action.label, locale: locale)
    }

    /// The catalog key that translates operation `operation`'s summary: `<operation>.summary`.
    public static func summaryKey(of operation: String) -> String { "\(operation).summary" }

    /// An operation's summary in `locale` (key `<operation>.summary` of its own catalog), or `summary` itself.
    public func summary(_ summary: String, of operation: String, locale: String) -> String {
        localize(Localization(Self.summaryKey(of: operation)), part: nil, fallback: summary, locale: locale)
    }
}
