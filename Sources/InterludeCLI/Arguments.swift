/// A command line split into positionals and `--flag value` options, checked against what a command accepts.
package struct Arguments {
    private(set) var positionals: [String] = []
    private var options: [String: String] = [:]
    private var repeated: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Parses `words` given the options that take a value and the flags that do not; an option given twice is
    /// refused (one of the two would be dropped without a word) unless it is `repeatable`.
    package init(_ words: [String], options valued: Set<String>, flags known: Set<String>, repeatable: Set<String> = []) throws(UsageError) {
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("--"), word.count > 2 else {
                positionals.append(word)
                continue
            }
            var name = String(word.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if valued.contains(name) {
                if value == nil {
                    // The next word is the value, unless it is missing or another option (`--input-bytes --json`).
                    guard index < words.count, !Self.isOption(words[index], among: valued.union(known)) else {
                        throw UsageError("--\(name) needs a value")
                    }
                    value = words[index]
                    index += 1
                }
                guard options[name] == nil || repeatable.contains(name) else { throw UsageError("--\(name) is given twice; give it once") }
                options[name] = value
                repeated[name, default: []].append(value ?? "")
            } else if known.contains(name) || name == "help" {
                guard value == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            } else {
                throw UsageError("unknown option --\(name)" + Spelling.hint(for: name, among: valued.union(known).union(["help"]), prefix: "--"))
            }
        }
    }

    /// Whether `word` is `--name` or `--name=…` for an option or flag the command knows (or `--help`).
    private static func isOption(_ word: String, among names: Set<String>) -> Bool {
        guard word.hasPrefix("--") else { return false }
        let name = word.dropFirst(2).prefix { $0 != "=" }
        return name == "help" || names.contains(String(name))
    }

    /// The value of `--name`, if given.
    package subscript(_ name: String) -> String? { options[name] }

    /// Every value of an option given more than once (`--value a=1 --value b=2`), in order.
    package func all(_ name: String) -> [String] { repeated[name] ?? [] }

    /// Whether `--name` was given.
    package func has(_ name: String) -> Bool { flags.contains(name) }

    /// The positionals, refusing more or fewer than the command takes.
    package func positionals(_ names: String...) throws(UsageError) -> [String] {
        guard positionals.count == names.count else {
            let expected = names.isEmpty ? "no arguments" : names.map { "<\($0)>" }.joined(separator: " ")
            throw UsageError("expected \(expected), got \(positionals.count) argument(s)")
        }
        return positionals
    }
}

/// A command line that does not fit the command; printed with the command's usage, exit status 2.
package struct UsageError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
