import Foundation

extension EndToEnd.ReadmeWalkthroughs {
    /// A command of a README block and the output the README shows under it (its `# ` lines).
    struct Sample {
        let command: [String]
        let output: [String]
    }

    /// The `interlude …` commands of the first ```sh block after `heading`, each with the `# ` lines under it.
    static func samples(after heading: String) throws -> [Sample] {
        guard let start = readme.range(of: heading)?.upperBound,
            let open = readme.range(of: "```sh\n", range: start..<readme.endIndex),
            let close = readme.range(of: "```", range: open.upperBound..<readme.endIndex)
        else { throw EndToEndFailure("README.md has no sh block after \(heading)") }
        var samples: [Sample] = []
        for line in readme[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init) {
            if line.hasPrefix("interlude ") {
                samples.append(Sample(command: try words(line), output: []))
            } else if line.hasPrefix("# "), let last = samples.popLast() {
                samples.append(Sample(command: last.command, output: last.output + [String(line.dropFirst(2))]))
            }
        }
        return samples
    }

    /// `text` with what differs on every run masked: ids (`job_<id>`, `prs_<id>`) and times (`<time>`).
    static func masked(_ text: String) -> String {
        let rules = [
            (#"\b(job|prs)_[0-9a-f]{24}\b"#, "$1_<id>"),
            (#"\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\b"#, "<time>"),
            (#"· (just now|\d+ (s|min|h|d) ago)"#, "· <age>"),
        ]
        return rules.reduce(text) { text, rule in text.replacingOccurrences(of: rule.0, with: rule.1, options: .regularExpression) }
    }

    /// The lines of the first plain ``` block after `heading`.
    static func block(after heading: String) throws -> [String] {
        guard let start = readme.range(of: heading)?.upperBound,
            let open = readme.range(of: "```\n", range: start..<readme.endIndex),
            let close = readme.range(of: "```", range: open.upperBound..<readme.endIndex)
        else { throw EndToEndFailure("README.md has no block after \(heading)") }
        return readme[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
    }

    /// Whether `lines` appear in `screen` in order, masked (a status line may stand between them).
    static func shows(_ screen: String, inOrder lines: [String]) -> Bool {
        var wanted = lines.map(masked)[...]
        for line in screen.split(separator: "\n").map({ masked(String($0)) }) where line == wanted.first {
            wanted.removeFirst()
            if wanted.isEmpty { return true }
        }
        return wanted.isEmpty
    }

    /// The lines of `output` as the README would show them, masked, trailing blank lines dropped.
    static func maskedLines(_ output: String) -> [String] {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map { masked(String($0)) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
