import Configuration
import Foundation
import Log
import Wire

/// The `interlude` executable: picks a subcommand, loads settings, runs it, and exits with its status.
public enum Interlude {
    static let commands: [any Command] = [
        UpCommand(), BrokerCommand(), WorkerCommand(), GatewayCommand(),
        SubmitCommand(), OperationsCommand(), StatusCommand(), JobsCommand(), PendingCommand(), AnswerCommand(), CancelCommand(),
        JournalCommand(),
        ResolveCommand(),
        KeygenCommand(), HealthCommand(),
        NewCommand(), DemoCommand(), CompletionCommand(),
    ]

    /// Options every command takes: `--config FILE` and `--log-format text|json`.
    static let globalOptions: Set<String> = ["config", "log-format"]

    /// Runs with the process's arguments and exits.
    public static func main() async -> Never {
        // A write to a closed pipe or socket must fail with EPIPE, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs a command line and returns the exit status (also used by tests).
    public static func run(_ words: [String]) async -> Int32 {
        guard let first = words.first, first != "--help", first != "-h", first != "help" else {
            print(overview)
            return words.isEmpty ? ExitStatus.usage : ExitStatus.success
        }
        if first == "--version" || first == "-V" {
            print(InterludeVersion.line)
            return ExitStatus.success
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let hint = Spelling.suggestion(for: first, among: commands.map(\.name)).map { "; did you mean `\($0)`?" } ?? ""
            printError("unknown command \"\(first)\"\(hint)\n\n\(overview)")
            return ExitStatus.usage
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
        } catch let error as UsageError {
            printError("\(error)\n\n\(command.help)")
            return ExitStatus.usage
        } catch let error as WireError {
            printError(error.message)
            return error.exitStatus
        } catch {
            printError("\(error)")
            return ExitStatus.failure
        }
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
            Run `interlude <command> --help` for a command's options, `interlude --version` for the
            version, and `interlude completion bash|zsh|fish` for shell completion.
            """
    }
}

/// Writes one line to standard error, control characters written visibly (messages may quote what others sent).
package func printError(_ message: String) {
    FileHandle.standardError.write(Data("interlude: \(Output.safe(message, multiline: true))\n".utf8))
}
