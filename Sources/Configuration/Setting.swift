import Foundation

/// One setting, declared once: its key and environment variable, how its value is read and checked,
/// whether it is a secret, and its line of documentation; its default is the value `Settings()` holds.
///
/// `Settings.table` lists every one; loading, validation, printing and the checks of
/// `config/interlude.json` and docs/configuration.md all come from it.
public struct Setting: Sendable {
    /// How a value may be shown when settings are printed or logged.
    public enum Privacy: Sendable, Hashable {
        /// Shown as it is.
        case shown
        /// Never shown: `(redacted)` when set.
        case secret
        /// A URL shown with its password redacted.
        case passwordInURL
    }

    /// The key in `config/interlude.json`, such as `heartbeatMs`.
    public let key: String
    /// Whether and how its value may be shown.
    public let privacy: Privacy
    /// Its values, as the error and the docs say them: `1–1000`, `full or normal`; nil when any text is read.
    public let allowed: String?
    /// One line of documentation, as `config/interlude.json`'s `_doc` gives it before the variable's name.
    public let doc: String
    /// Whether the file gives it as a JSON number.
    public let isNumber: Bool
    /// How docs/configuration.md shows the default when that is not the value itself (`host-pid`).
    let shownDefault: String?
    /// Reads a raw value from `source` into the settings, refusing one of the wrong type.
    let assign: @Sendable (inout Settings, Settings.RawValue, String) throws(ConfigurationError) -> Void
    /// The value in the settings, as text.
    let text: @Sendable (Settings) -> String
    /// Why the value in the settings is unusable, or nil.
    let problem: @Sendable (Settings) -> String?

    /// The environment variable that overrides it: `heartbeatMs` → `INTERLUDE_HEARTBEAT_MS`.
    public var environment: String { Settings.environmentName(key) }

    /// Whether its value is a secret, never printed or logged.
    public var isSecret: Bool { privacy == .secret }

    /// Its value in `settings`, as text (a number in decimal).
    public func value(in settings: Settings) -> String { text(settings) }

    /// Its default, as text.
    public var defaultValue: String { text(Settings()) }

    /// The default as docs/configuration.md's table shows it: `` `4` ``, `empty`, or a description such as `host-pid`.
    public var documentedDefault: String { shownDefault ?? (defaultValue.isEmpty ? "empty" : "`\(defaultValue)`") }

    /// Its value in `settings` as it may be printed: secrets redacted.
    public func shown(in settings: Settings) -> String {
        let value = text(settings)
        switch privacy {
        case .shown: return value
        case .secret: return value.isEmpty ? value : "(redacted)"
        case .passwordInURL: return Settings.redactedURL(value)
        }
    }
}
