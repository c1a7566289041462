import Configuration

struct CompletionCommand: Command {
    let name = "completion"
    let summary = "Print shell completion for bash, zsh or fish"
    let help = """
        Usage: interlude completion bash|zsh|fish

        Prints a script that completes interlude's commands, their options and the values some options
        take (job states, log formats, files). Load it with:
          bash  source <(interlude completion bash)            (or save it in ~/.local/share/bash-completion/completions/interlude)
          zsh   source <(interlude completion zsh)             (after compinit; or save it as _interlude on $fpath)
          fish  interlude completion fish | source             (or save it in ~/.config/fish/completions/interlude.fish)
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        let shell = try arguments.positionals("shell")[0]
        guard let script = ShellCompletion(commands: Interlude.commands).script(for: shell) else {
            throw UsageError("unknown shell \"\(shell)\"; give bash, zsh or fish" + Spelling.hint(for: shell, among: ShellCompletion.shells))
        }
        print(script, terminator: "")
        return ExitStatus.success
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
    ]

    /// Options whose value is a file name.
    static let fileOptions: Set<String> = ["config", "input", "policy", "out", "token-file"]

    /// Positional words a command takes from a fixed list.
    static let positionalValues: [String: [String]] = ["completion": shells]

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
        return """
            # bash completion for interlude: source <(interlude completion bash)
            _interlude() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" words=""
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(names) --help --version" -- "$cur"))
                    return
                fi
                case "$prev" in
            \(valueCases.joined(separator: "\n"))
            \(fileCase)
            \(otherCase)
                esac
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
            specs.append("'*:argument: '")
            return "        \(command.name)) _arguments \(specs.joined(separator: " ")) ;;"
        }.joined(separator: "\n")
        return """
            #compdef interlude
            # zsh completion for interlude: source <(interlude completion zsh) after compinit, or save as _interlude on $fpath
            _interlude() {
                local -a commands
                commands=(
            \(described)
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
