import Resolver
import Testing

/// The terminal's conventions come from the environment dictionary passed in.
struct TerminalEnvironmentTests {
    @Test(
        "Colour needs a terminal, no NO_COLOR and a capable TERM",
        arguments: [
            ([:], true, true),
            ([:], false, false),
            (["NO_COLOR": "1"], true, false),
            (["NO_COLOR": ""], true, true),
            (["TERM": "dumb"], true, false),
            (["TERM": "xterm-256color"], true, true),
        ] as [([String: String], Bool, Bool)])
    func colour(_ environment: [String: String], _ isTerminal: Bool, _ expected: Bool) {
        #expect(TerminalEnvironment.usesColour(environment, isTerminal: isTerminal) == expected)
    }

    @Test(
        "The locale is LC_ALL, then LC_MESSAGES, then LANG, then English",
        arguments: [
            (["LANG": "es_ES.UTF-8"], "es_ES.UTF-8"),
            (["LANG": "es_ES.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"], "en_GB.UTF-8"),
            (["LC_ALL": "es_MX", "LC_MESSAGES": "en_GB.UTF-8"], "es_MX"),
            (["LC_ALL": "", "LANG": "es"], "es"),
            ([:], "en"),
        ] as [([String: String], String)])
    func locale(_ environment: [String: String], _ expected: String) {
        #expect(TerminalEnvironment.locale(environment) == expected)
    }

    @Test(
        "The width is COLUMNS within 20…200, else 80",
        arguments: [
            (["COLUMNS": "120"], 120), (["COLUMNS": "5"], 20), (["COLUMNS": "wide"], 80), ([:], 80), (["COLUMNS": "999"], 200),
        ] as [([String: String], Int)])
    func width(_ environment: [String: String], _ expected: Int) {
        #expect(TerminalEnvironment.width(environment) == expected)
    }
}
