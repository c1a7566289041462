import Configuration
import Foundation
import Lifecycle
import Log
import Wire

/// The `interlude` executable: picks a subcommand, loads settings, runs it, and exits with its status.
public enum Interlude {
    static let commands: [any Command] = [
        UpCommand(), BrokerCommand(), WorkerCommand(), GatewayCommand(),
        SubmitCommand(), OperationsCommand(), StatusCommand(), JobsCommand(), PendingCommand(), AnswerCommand(), CancelCommand(),
        JournalCommand(),
        ResolveCommand(),
        KeygenCommand(), LinkCommand(), HealthCommand(),
        NewCommand(), DemoCommand(), CompletionCommand(),
    ]

    /// Options every command takes: `--config FILE` and `--log-format text|json`.
    static let globalOptions: Set<String> = ["config", "log-format"]

    /// Runs with the process's arguments and exits.
    public static func main() async -> Never {
        // A write to a closed pipe or socket must fail with EPIPE, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        Heap.keepHeadroom()
        exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs a command line and returns the exit status (also used by tests).
    public static func run(_ words: [String]) async -> Int32 {
        guard let first = words.first, first != "--help", first != "-h" else {
            print(overview)
            return words.isEmpty ? ExitStatus.usage : ExitStatus.success
        }
        if ["version", "--version", "-v", "-V"].contains(first) {
            print(InterludeVersion.line)
            return ExitStatus.success
        }
        let failure = FailureReport(json: words.contains("--json"))
        if first == "help" { return await help(Array(words.dropFirst()), failure: failure) }
        guard let command = commands.first(where: { $0.name == first }) else {
            let hint = Spelling.suggestion(for: first, among: commands.map(\.name) + ["help", "version"]).map { "; did you mean `\($0)`?" } ?? ""
            return failure.report(UsageError("unknown command \"\(first)\"\(hint)"), command: nil)
        }
        do {
            let arguments = try Arguments(
                Array(words.dropFirst()), options: command.options.union(globalOptions), flags: command.flags, repeatable: command.repeatable)
            if arguments.has("help") {
                print(await command.currentHelp(try? Settings.load(file: arguments["config"])))
                return ExitStatus.success
            }
            var settings = try Settings.load(file: arguments["config"])
            if let format = arguments["log-format"] {
                guard Log.Format(rawValue: format) != nil else { throw UsageError("--log-format must be text or json") }
                settings.logFormat = format
            }
            return try await command.run(arguments, settings: settings)
        } catch {
            return failure.report(error, command: command.name)
        }
    }

    /// `interlude help [COMMAND]`: the overview, or one command's help as `interlude COMMAND --help` prints it.
    static func help(_ words: [String], failure: FailureReport) async -> Int32 {
        guard let name = words.first else {
            print(overview)
            return ExitStatus.success
        }
        guard words.count == 1, let command = commands.first(where: { $0.name == name }) else {
            let problem = words.count == 1 ? "no command \"\(name)\"" + Spelling.hint(for: name, among: commands.map(\.name)) : "help takes one command"
            return failure.report(UsageError(problem), command: nil)
        }
        print(await command.currentHelp(try? Settings.load(file: nil)))
        return ExitStatus.success
    }

    static var overview: String {
        let width = commands.map(\.name.count).max() ?? 0
        let lines = commands.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }
        return """
            interlude — background jobs that stop to ask a person, then carry on with the answer.

            Usage: interlude <command> [options]

            Commands:
            \(lines.joined(separator: "\n"))

            Every command reads config/interlude.json (or --config FILE, or INTERLUDE_CONFIG) and then
            INTERLUDE_… environment variables; see docs/configuration.md. Every command also takes
            --log-format text|json (the logFormat setting).
            Run `interlude help <command>` (or `interlude <command> --help`) for a command's options,
            `interlude version` (or --version, -v) for the version, and `interlude completion bash|zsh|fish`
            for shell completion.
            """
    }
}

/// Writes one line to standard error, control characters written visibly (messages may quote what others sent).
package func printError(_ message: String) {
    FileHandle.standardError.write(Data("interlude: \(Output.safe(message, multiline: true))\n".utf8))
}
