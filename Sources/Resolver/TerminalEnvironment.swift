import Presentation

/// Reads the terminal conventions a resolver honours from an environment dictionary passed in.
public enum TerminalEnvironment {
    /// Whether to colour output: a terminal, `NO_COLOR` unset or empty (no-color.org), and `TERM` not `dumb`.
    public static func usesColour(_ environment: [String: String], isTerminal: Bool) -> Bool {
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isTerminal
    }

    /// The messages locale: the first non-empty of `LC_ALL`, `LC_MESSAGES`, `LANG`; `en` otherwise.
    public static func locale(_ environment: [String: String]) -> String {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return Catalog.fallbackLocale
    }

    /// The width in columns: `COLUMNS` when it is a number, else 80, kept within 20…200.
    public static func width(_ environment: [String: String]) -> Int {
        let columns = environment["COLUMNS"].flatMap { Int($0) } ?? 80
        return min(max(columns, 20), 200)
    }
}
