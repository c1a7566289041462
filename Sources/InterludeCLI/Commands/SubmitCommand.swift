import Client
import Configuration
import Foundation
import JSON
import Presentation
import Wire

struct SubmitCommand: Command {
    let name = "submit"
    let summary = "Submit an operation; prints the job id"
    let options = Backends.options.union(["input", "inputs", "idempotency-key", "timeout", "answer-within", "for"])
    let flags: Set<String> = ["json", "wait", "atomic"]
    let help = """
        Usage: interlude submit <operation> [--input JSON | --input @FILE] [--idempotency-key KEY] [--answer-within DURATION] [--for WHO] [--wait [--timeout SECONDS]] [--json] [--gateway URL --token-file FILE]
               interlude submit <operation> --inputs FILE|- [--atomic] [--idempotency-key KEY] [--answer-within DURATION] [--for WHO] [--json] [--gateway URL --token-file FILE]

        Submits an operation to the broker and prints the new job's id. The broker refuses, before
        queueing anything, an operation no worker has announced and an input that breaks the operation's
        schema (every violation listed by JSON path); both exit 1.
          --input            the operation's input as JSON (default {}), or @FILE to read it from a file
          --idempotency-key  submitting again with the same key returns the same job
          --answer-within    how long each of the job's questions waits for an answer, such as 30m, 2h,
                             1h30m or 90 (seconds); then it resolves to its cancel action (cause
                             expired), or, without one, the job fails with expired. Replaces the
                             operation's own deadline.
          --for              who may answer the job's questions: names and groups, comma-separated,
                             groups as group:NAME (ana,group:ops); anyone else's answer is refused
                             (exit 3, HTTP 403). Replaces the operation's own audience.
          --wait             wait until the job ends (answer its questions elsewhere) and print it;
                             exits 0 if it succeeded, 1 otherwise
          --timeout          with --wait, seconds to wait at most (default 3600)
          --json             print {"job": …} (with --wait, the whole job) as one line of JSON
          --inputs           submit many: FILE (or - for standard input) holds one input a line (JSON
                             Lines; blank lines skipped), sent in batches of up to 1000, each journaled in
                             one commit. Prints one line per input, in order: the job id, or
                             "error: line N: …" for an input refused (its schema, its size). The other
                             options apply to every input; --idempotency-key KEY gives line N the key
                             KEY-N, so submitting the same file again returns the same jobs. --json prints
                             one array of {"line", "job"} or {"line", "error"}. Exits 0 when every input
                             was queued, 1 when any was refused.
          --atomic           with --inputs, one refused input refuses them all (nothing is queued; at
                             most 1000 inputs that fit in one message)
        \(Backends.help)

        Operations: the ones workers have announced; `interlude operations` describes each one's input.
        """

    /// The help, then the operations the broker knows now (asked with a short timeout).
    func currentHelp(_ settings: Settings?) async -> String {
        var quick = settings
        quick?.requestTimeoutMs = 1_000
        guard let settings, let quick, let connection = try? Connection(quick) else { return help }
        defer { connection.broker.close() }
        guard let list = try? await connection.client.operations() else {
            return help + "\n(The broker at \(settings.clients) did not answer, so its operations cannot be listed here.)"
        }
        let width = list.operations.map(\.name.count).max() ?? 0
        let lines = list.operations.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }
        return help + "\nAnnounced to the broker at \(settings.clients):\n" + (lines.isEmpty ? ["  none yet"] : lines).joined(separator: "\n")
    }

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        let operation = try arguments.positionals("operation")[0]
        let input = try Self.input(arguments["input"], limits: settings.messageLimits.json)
        let answerWithin = try arguments["answer-within"].map { text throws(UsageError) -> TimeInterval in
            guard let seconds = DurationText.seconds(text) else {
                throw UsageError("--answer-within takes a duration such as 30m, 2h, 1h30m or 90 (seconds), got \"\(text)\"")
            }
            return seconds
        }
        let audience = try arguments["for"].map { text throws(UsageError) -> Audience in
            guard let audience = Audience(list: text) else { throw UsageError("--for takes names and group:NAME, comma-separated, got \"\(text)\"") }
            return audience
        }
        if let inputs = arguments["inputs"] {
            guard arguments["input"] == nil, !arguments.has("wait") else { throw UsageError("--inputs goes without --input and --wait") }
            let bulk = BulkSubmit(
                operation: operation, inputs: try BulkInputs(try Self.text(inputs), limits: settings.messageLimits.json),
                keyPrefix: arguments["idempotency-key"], answerWithin: answerWithin, audience: audience, atomic: arguments.has("atomic"))
            return try await bulk.run(try Backends.choose(arguments, settings), limits: settings.messageLimits, json: arguments.has("json"))
        }
        if arguments.has("atomic") { throw UsageError("--atomic goes with --inputs") }
        let backend = try Backends.choose(arguments, settings)
        let job = try await backend.submit(
            operation, input: input, idempotencyKey: arguments["idempotency-key"], answerWithin: answerWithin, audience: audience)
        guard arguments.has("wait") else {
            if arguments.has("json") { Output.json(["job": job.id]) } else { print(job.id) }
            return ExitStatus.success
        }
        guard let seconds = Int(arguments["timeout"] ?? "3600"), seconds > 0 else { throw UsageError("--timeout takes a positive number of seconds") }
        if !arguments.has("json") { printError("\(job.id) queued; waiting for it to end (answer its questions with `interlude pending` / `interlude answer`)") }
        let finished = try await backend.waitForEnd(of: job.id, timeout: .seconds(seconds), poll: .milliseconds(100))
        Output.show(finished, json: arguments.has("json"))
        return finished.state == .succeeded ? ExitStatus.success : ExitStatus.failure
    }

    /// The text of `--inputs`: the file's, or standard input's for `-`.
    static func text(_ path: String) throws -> String {
        if path == "-" { return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) }
        guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("cannot read --inputs file \(path)") }
        return String(decoding: data, as: UTF8.self)
    }

    /// The input as typed (or as the file holds it), checked in full and sent as it is spelled.
    static func input(_ text: String?, limits: JSONLimits = .standard) throws -> RawJSON {
        guard var text else { return .emptyObject }
        if text.hasPrefix("@") {
            let path = String(text.dropFirst())
            guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("cannot read input file \(path)") }
            text = String(decoding: data, as: UTF8.self)
        }
        do {
            return try JSONReader.read(RawJSON.self, from: text, limits: limits)
        } catch {
            throw UsageError(error.limit != nil ? "--input is refused: \(error)" : "--input is not valid JSON: \(error)")
        }
    }
}
