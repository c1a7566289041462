import Client
import Configuration
import Foundation
import Presentation
import Primitives
import Resolver
import Wire

struct OperationsCommand: Command {
    let name = "operations"
    let summary = "The operations workers have announced: summary, input, workers, jobs"
    let options = Backends.options.union(["locale"])
    let flags: Set<String> = ["json"]
    let help = """
        Usage: interlude operations [NAME] [--locale LOCALE] [--json] [--gateway URL --token-file FILE]

        Lists what the broker can run: every operation a worker has announced (the broker knows no other),
        with its summary, the input it accepts (its JSON Schema), the workers that run it now, and how many
        of its jobs are queued, running and waiting. When connected workers announce one name with
        different schemas, each version is listed with its workers. With NAME, only that operation
        (exit 1 when no worker ever announced it).
          --locale  language of the summaries, such as es (default: LC_ALL, LC_MESSAGES or LANG)
          --json    the broker's listing as one line of JSON: {"operations": [{"name", "summary", "input",
                    "catalog", "workers", "jobs", "announcedAt", "announcedBy", "variants"}]}
        \(Backends.help)
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        guard arguments.positionals.count <= 1 else { throw UsageError("expected at most one operation name") }
        let name = arguments.positionals.first
        let list = try await Backends.choose(arguments, settings).operations(named: name)
        if arguments.has("json") {
            Output.json(list)
        } else if list.operations.isEmpty {
            print("No operation is known yet: start a worker (`interlude worker`, or your own) and it announces its operations.")
        } else {
            let locale = arguments["locale"] ?? TerminalEnvironment.locale(ProcessInfo.processInfo.environment)
            print(list.operations.map { Self.describe($0, locale: locale) }.joined(separator: "\n\n"))
        }
        return ExitStatus.success
    }

    /// An operation as a person reads it, its summary in `locale` when its catalog has one there.
    static func describe(_ info: OperationInfo, locale: String) -> String {
        let summary = info.catalog.summary(info.summary, of: info.name, locale: locale)
        var lines = ["\(info.name) — \(summary.isEmpty ? "(no summary)" : summary)"]
        lines.append("  input")
        lines += (info.input.map(SchemaText.lines) ?? ["any value (no schema announced)"]).map { "    " + $0 }
        lines.append("  workers  " + (info.workers.isEmpty ? "none connected (jobs wait in the queue)" : info.workers.joined(separator: ", ")))
        lines.append("  jobs     \(info.jobs.queued) queued, \(info.jobs.running) running, \(info.jobs.waiting) waiting")
        lines.append("  announced \(Timestamp.string(info.announcedAt)) by \(info.announcedBy)")
        if let variants = info.variants {
            lines.append("  ! \(variants.count) workers' versions differ; a submit is accepted when any of them accepts it:")
            for variant in variants {
                lines.append("    \(variant.workers.joined(separator: ", ")): \(info.catalog.summary(variant.summary, of: info.name, locale: locale))")
                lines += (variant.input.map(SchemaText.lines) ?? ["any value"]).map { "      " + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }
}
