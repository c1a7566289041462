public import Foundation
public import Presentation

/// Everything a rendering depends on besides the presentation, so the same input gives the same text.
public struct RenderContext: Sendable, Hashable {
    /// Locale identifier such as `es_ES.UTF-8`; see `Catalog.candidates(for:)`.
    public var locale: String
    /// Whether ANSI styles are written.
    public var colour: Bool
    /// Terminal width in columns.
    public var width: Int
    /// The job's operation, such as `removeDownload`; the header shows the job id without it.
    public var operation: String?
    /// The current time, for the presentation's age.
    public var now: Date
    /// Where texts are translated: the resolver's own keys (`action.ok`, `action.cancel`, `resolver.…`)
    /// from its own texts, which no operation changes; every other key from the operation's catalog.
    public var catalog: Catalog

    /// A context with explicit values; `operationCatalog` holds the texts the operation's worker announced.
    public init(
        locale: String = Catalog.fallbackLocale, colour: Bool = false, width: Int = 80, operation: String? = nil,
        now: Date, operationCatalog: Catalog = Catalog([:])
    ) {
        self.locale = locale
        self.colour = colour
        self.width = width
        self.operation = operation
        self.now = now
        self.catalog = ResolverText.catalog.merging(operationCatalog.removing(ResolverText.owns))
    }

    /// A context from the process environment (`LANG`, `NO_COLOR`, `COLUMNS`, …) via `TerminalEnvironment`.
    public init(environment: [String: String], isTerminal: Bool, operation: String?, now: Date, operationCatalog: Catalog = Catalog([:])) {
        self.init(
            locale: TerminalEnvironment.locale(environment),
            colour: TerminalEnvironment.usesColour(environment, isTerminal: isTerminal),
            width: TerminalEnvironment.width(environment), operation: operation, now: now, operationCatalog: operationCatalog)
    }
}
