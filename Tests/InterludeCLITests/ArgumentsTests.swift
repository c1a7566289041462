import JSON
import Testing

@testable import InterludeCLI

@Suite struct ArgumentsTests {
    @Test func optionsTakeValuesInBothSpellings() throws {
        let arguments = try Arguments(
            ["removeDownload", "--input", "{}", "--idempotency-key=k1", "--json"], options: ["input", "idempotency-key"], flags: ["json"])
        #expect(arguments.positionals == ["removeDownload"])
        #expect(arguments["input"] == "{}")
        #expect(arguments["idempotency-key"] == "k1")
        #expect(arguments.has("json"))
    }

    @Test(arguments: [["--bogus"], ["--input"], ["--json=yes"]])
    func badCommandLinesAreUsageErrors(words: [String]) {
        #expect(throws: UsageError.self) { try Arguments(words, options: ["input"], flags: ["json"]) }
    }

    @Test(arguments: [["--config", "a.json", "--config", "b.json"], ["--input={}", "--input", "{}"]])
    func anOptionGivenTwiceIsAUsageErrorNamingIt(words: [String]) {
        let error = #expect(throws: UsageError.self) { try Arguments(words, options: ["config", "input"], flags: []) }
        #expect(error?.description == "--\(words[0].dropFirst(2).prefix { $0 != "=" }) is given twice; give it once")
    }

    @Test func anOptionDeclaredRepeatableKeepsEveryValue() throws {
        let arguments = try Arguments(["--value", "a=1", "--value", "b=2"], options: ["value"], flags: [], repeatable: ["value"])
        #expect(arguments.all("value") == ["a=1", "b=2"])
    }

    @Test func theWrongNumberOfPositionalsIsAUsageError() throws {
        let arguments = try Arguments(["a", "b", "c"], options: [], flags: [])
        #expect(throws: UsageError.self) { try arguments.positionals("presentation", "action") }
    }

    @Test func everyCommandHasHelpThatNamesItsOptions() {
        for command in Interlude.commands {
            #expect(command.help.contains("interlude \(command.name)"))
            for option in command.options.union(command.flags) {
                #expect(command.help.contains("--\(option)"), "\(command.name) --help does not explain --\(option)")
            }
        }
    }

    @Test func anUnknownCommandExitsWithUsageStatus() async {
        #expect(await Interlude.run(["frobnicate"]) == ExitStatus.usage)
        #expect(await Interlude.run(["--help"]) == ExitStatus.success)
    }

    @Test func invalidInputJSONIsAUsageError() {
        #expect(throws: UsageError.self) { try SubmitCommand.input("{not json") }
        #expect((try? SubmitCommand.input(nil)) == .object([:]))
    }
}

@Suite struct SpellingTests {
    @Test(arguments: [("sumbit", "submit"), ("stauts", "status"), ("pendign", "pending"), ("resolv", "resolve"), ("opera", "operations")])
    func closeTyposAreSuggested(typed: String, meant: String) {
        #expect(Spelling.suggestion(for: typed, among: Interlude.commands.map(\.name)) == meant)
    }

    @Test(arguments: ["frobnicate", "x", "deploy"])
    func farWordsGetNoSuggestion(typed: String) {
        #expect(Spelling.suggestion(for: typed, among: Interlude.commands.map(\.name)) == nil)
    }
}
