import Client
import Configuration
import Foundation
import Presentation
import Wire

struct CompletionCommand: Command {
    let name = "completion"
    let summary = "Print shell completion for bash, zsh or fish"
    let options: Set<String> = ["list"]
    let help = """
        Usage: interlude completion bash|zsh|fish
               interlude completion --list operations|jobs|presentations

        Prints a script that completes interlude's commands, their options, the values some options
        take (job states, log formats, files), and what the broker knows now: operation names after
        submit and operations, job ids after status and cancel, question ids after answer (asked with
        --list, one a line, within a second). Load it with:
          bash  source <(interlude completion bash)            (or save it in ~/.local/share/bash-completion/completions/interlude)
          zsh   source <(interlude completion zsh)             (after compinit; or save it as _interlude on $fpath)
          fish  interlude completion fish | source             (or save it in ~/.config/fish/completions/interlude.fish)
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        if let list = arguments["list"] {
            _ = try arguments.positionals()
            for word in try await Self.words(list, settings: settings) { print(word) }
            return ExitStatus.success
        }
        let shell = try arguments.positionals("shell")[0]
        guard let script = ShellCompletion(commands: Interlude.commands).script(for: shell) else {
            throw UsageError("unknown shell \"\(shell)\"; give bash, zsh or fish" + Spelling.hint(for: shell, among: ShellCompletion.shells))
        }
        print(script, terminator: "")
        return ExitStatus.success
    }
}

extension CompletionCommand {
    /// What the broker knows now that a command takes as its first word: operation names, the newest
    /// jobs' ids, or the pending questions' ids; asked with a one-second timeout.
    static func words(_ list: String, settings: Settings) async throws -> [String] {
        var quick = settings
        quick.requestTimeoutMs = min(settings.requestTimeoutMs, 1_000)
        let connection = try Connection(quick)
        defer { connection.broker.close() }
        switch list {
        case "operations": return try await connection.client.operations().operations.map(\.name)
        case "jobs": return try await connection.client.jobs(limit: 100).jobs.map(\.id)
        case "presentations": return try await connection.client.allPending().presentations.map(\.id)
        default:
            throw UsageError("--list takes \(ShellCompletion.lists.joined(separator: ", "))" + Spelling.hint(for: list, among: ShellCompletion.lists))
        }
    }
}

/// The completion scripts, made from the commands' own lists of options, so they never drift from them.
struct ShellCompletion {
    let commands: [any Command]

    static let shells = ["bash", "zsh", "fish"]

    /// Values an option takes, when they are a fixed list.
    static let values: [String: [String]] = [
        "state": ["queued", "running", "waiting", "succeeded", "failed", "cancelled"],
        "log-format": ["text", "json"],
        "list": lists,
    ]

    /// Options whose value is a file name.
    static let fileOptions: Set<String> = ["config", "input", "policy", "out", "token-file", "cacert"]

    /// Positional words a command takes from a fixed list.
    static let positionalValues: [String: [String]] = ["completion": shells]

    /// What `completion --list` can ask the broker for.
    static let lists = ["operations", "jobs", "presentations"]

    /// The `completion --list` a command's first positional word comes from.
    static let positionalLists: [String: String] = [
        "submit": "operations", "operations": "operations", "status": "jobs", "cancel": "jobs", "answer": "presentations",
    ]

    /// Words besides the commands that may come first: `help COMMAND` and `version`.
    static let extraFirstWords = ["help", "version"]

    func script(for shell: String) -> String? {
        switch shell {
        case "bash": bash
        case "zsh": zsh
        case "fish": fish
        default: nil
        }
    }

    private func options(of command: any Command) -> [String] {
        (command.options.union(Interlude.globalOptions).union(command.flags).union(["help"])).sorted()
    }

    private func takesValue(_ command: any Command, _ option: String) -> Bool {
        command.options.union(Interlude.globalOptions).contains(option)
    }

    var bash: String {
        let names = commands.map(\.name).joined(separator: " ")
        let cases = commands.map { command in
            let positional = Self.positionalValues[command.name].map { " " + $0.joined(separator: " ") } ?? ""
            return "        \(command.name)) words=\"\(options(of: command).map { "--" + $0 }.joined(separator: " "))\(positional)\" ;;"
        }.joined(separator: "\n")
        let valueCases = Self.values.sorted { $0.key < $1.key }.map {
            "        --\($0.key)) COMPREPLY=($(compgen -W \"\($0.value.joined(separator: " "))\" -- \"$cur\")); return ;;"
        }
        let fileCase = "        \(Self.fileOptions.sorted().map { "--" + $0 }.joined(separator: "|"))) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;"
        let valued = Set(commands.flatMap { $0.options }).union(Interlude.globalOptions).subtracting(Self.values.keys).subtracting(Self.fileOptions)
        let otherCase = "        \(valued.sorted().map { "--" + $0 }.joined(separator: "|"))) COMPREPLY=(); return ;;"
        let listCases = Dictionary(grouping: Self.positionalLists.keys, by: { Self.positionalLists[$0]! }).sorted { $0.key < $1.key }.map {
            "            \($0.value.sorted().joined(separator: "|"))) COMPREPLY=($(compgen -W \"$(\"${COMP_WORDS[0]}\" completion --list \($0.key) 2>/dev/null)\" -- \"$cur\")); return ;;"
        }
        return """
            # bash completion for interlude: source <(interlude completion bash)
            _interlude() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" words=""
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(names) \(Self.extraFirstWords.joined(separator: " ")) --help --version" -- "$cur"))
                    return
                fi
                case "$prev" in
            \(valueCases.joined(separator: "\n"))
            \(fileCase)
            \(otherCase)
                esac
                if [ "$COMP_CWORD" -eq 2 ] && [[ "$cur" != -* ]]; then
                    case "${COMP_WORDS[1]}" in
            \(listCases.joined(separator: "\n"))
                        help) COMPREPLY=($(compgen -W "\(names)" -- "$cur")); return ;;
                    esac
                fi
                case "${COMP_WORDS[1]}" in
            \(cases)
                esac
                COMPREPLY=($(compgen -W "$words" -- "$cur"))
            }
            complete -F _interlude interlude

            """
    }

    var zsh: String {
        let described = commands.map { "        '\($0.name):\(Self.zshQuoted($0.summary))'" }.joined(separator: "\n")
        let cases = commands.map { command in
            var specs = options(of: command).map { option -> String in
                guard takesValue(command, option) else { return "'--\(option)'" }
                if let values = Self.values[option] { return "'--\(option)=:\(option):(\(values.joined(separator: " ")))'" }
                if Self.fileOptions.contains(option) { return "'--\(option)=:file:_files'" }
                return "'--\(option)=:\(option): '"
            }
            if let values = Self.positionalValues[command.name] { specs.append("'1:\(command.name):(\(values.joined(separator: " ")))'") }
            if let list = Self.positionalLists[command.name] { specs.append("'1:\(list):_interlude_list \(list)'") }
            specs.append("'*:argument: '")
            return "        \(command.name)) _arguments \(specs.joined(separator: " ")) ;;"
        }.joined(separator: "\n")
        return """
            #compdef interlude
            # zsh completion for interlude: source <(interlude completion zsh) after compinit, or save as _interlude on $fpath
            _interlude_list() {
                local -a items
                items=(${(f)"$($_interlude_program completion --list $1 2>/dev/null)"})
                compadd -a items
            }
            _interlude() {
                local _interlude_program=$words[1]
                local -a commands
                commands=(
            \(described)
                    'help:Print the help of a command'
                    'version:Print the version'
                )
                if (( CURRENT == 2 )); then
                    _describe -t commands 'interlude command' commands
                    return
                fi
                local command=$words[2]
                shift words
                (( CURRENT-- ))
                case $command in
            \(cases)
                    help) _arguments '1:command:(\(commands.map(\.name).joined(separator: " ")))' ;;
                esac
            }
            if (( $+functions[compdef] )); then compdef _interlude interlude; fi

            """
    }

    var fish: String {
        var lines = [
            "# fish completion for interlude: interlude completion fish | source",
            "complete -c interlude -f",
            "complete -c interlude -n __fish_use_subcommand -l version -d 'Print the version'",
            "complete -c interlude -n __fish_use_subcommand -a help -d 'Print the help of a command'",
            "complete -c interlude -n __fish_use_subcommand -a version -d 'Print the version'",
            "complete -c interlude -n '__fish_seen_subcommand_from help' -a '\(commands.map(\.name).joined(separator: " "))'",
            "function __interlude_list; set -l program (commandline -opc)[1]; $program completion --list $argv 2>/dev/null; end",
        ]
        for command in commands {
            lines.append("complete -c interlude -n __fish_use_subcommand -a \(command.name) -d '\(Self.fishQuoted(command.summary))'")
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in options(of: command) {
                var line = "complete -c interlude \(condition) -l \(option)"
                if takesValue(command, option) {
                    if let values = Self.values[option] {
                        line += " -x -a '\(values.joined(separator: " "))'"
                    } else if Self.fileOptions.contains(option) {
                        line += " -r -F"
                    } else {
                        line += " -x"
                    }
                }
                lines.append(line)
            }
            if let values = Self.positionalValues[command.name] {
                lines.append("complete -c interlude \(condition) -a '\(values.joined(separator: " "))'")
            }
            if let list = Self.positionalLists[command.name] {
                lines.append("complete -c interlude \(condition) -a '(__interlude_list \(list))'")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func zshQuoted(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: ":", with: "\\:")
    }

    private static func fishQuoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}
