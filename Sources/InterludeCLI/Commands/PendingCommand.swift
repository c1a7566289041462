import Client
import Configuration
import Foundation
import Presentation
import Resolver
import Wire

struct PendingCommand: Command {
    let name = "pending"
    let summary = "List the questions waiting for an answer"
    let options = Backends.options.union(["limit", "after", "as"])
    let flags: Set<String> = ["json", "mine"]
    let help = """
        Usage: interlude pending [--mine [--as NAME]] [--limit N [--after CURSOR]] [--json] [--gateway URL --token-file FILE]

        Lists every pending presentation (alert or confirmation dialog), oldest first, with its actions,
        reading them from the broker page by page. A question meant for some people only says so
        ("for: users ana; groups ops").
          --mine   only the questions you may answer, those meant for you by name first, then those
                   meant for anyone (a question meant for a group is yours when you answer through a
                   key or token of that group; see interlude answer)
          --as     with --mine, who you are (default: the user name)
          --limit  list one page of at most N (1–1000) instead, and print the cursor of the next
          --after  the cursor printed after the previous page
          --json   print a JSON array of presentations (with --limit: {"presentations": […], "next": …})
        \(Backends.help)
        Over the gateway, --mine follows the token's name and groups.
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        _ = try arguments.positionals()
        let client = try Backends.choose(arguments, settings)
        guard let limit = try Self.limit(arguments) else {
            if arguments["after"] != nil { throw UsageError("--after goes with --limit") }
            let snapshot = try await client.allPending()
            var presentations = snapshot.presentations
            if arguments.has("mine") { presentations = try await client.mine(presentations, name: arguments["as"] ?? answeringName(nil, settings)) }
            if arguments.has("json") { Output.json(presentations) } else { Self.print(presentations, approvals: snapshot.approvals) }
            return ExitStatus.success
        }
        let page = try await client.pending(limit: limit, after: arguments["after"])
        if arguments.has("json") {
            Output.json(Page(presentations: page.presentations, next: page.next, cutShort: page.cutShort))
        } else {
            Self.print(page.presentations, approvals: page.approvals)
            if let next = page.next { Swift.print("more: interlude pending --limit \(limit) --after \(next)") }
        }
        return ExitStatus.success
    }

    private struct Page: Encodable {
        let presentations: [Presentation]
        let next: String?
        let cutShort: Bool
    }

    private static func limit(_ arguments: Arguments) throws(UsageError) -> Int? {
        try arguments["limit"].map { text throws(UsageError) -> Int in
            guard let limit = Int(text), ClientRequest.ListPending.limits.range.contains(limit) else {
                throw UsageError("--limit must be from 1 to \(ClientRequest.ListPending.limits.range.upperBound)")
            }
            return limit
        }
    }

    private static func print(_ presentations: [Presentation], approvals: [String: [Approval]]) {
        if presentations.isEmpty {
            Swift.print("no pending questions")
        } else {
            Swift.print(presentations.map { Output.describe($0, approvals: approvals[$0.id] ?? []).joined(separator: "\n") }.joined(separator: "\n\n"))
        }
    }
}

struct AnswerCommand: Command {
    let name = "answer"
    let summary = "Answer a pending question (exit 3 if someone answered first)"
    let options = Backends.options.union(["as", "value"])
    let repeatable: Set<String> = ["value"]
    let flags: Set<String> = ["json", "dismiss"]
    let help = """
        Usage: interlude answer <presentation> <action> [--value FIELD=TEXT]... [--as NAME] [--json] [--gateway URL --token-file FILE]
               interlude answer <presentation> --dismiss [--as NAME] [--json] [--gateway URL --token-file FILE]

        Answers a pending presentation with one of its action ids. The first answer wins: exits 0 when
        this answer took effect, 3 when the question was already resolved or is no longer the job's
        current one (printing how it was resolved) or the key may not answer, 1 for an action the
        question does not offer or values its text fields refuse (each field named).
          --value    a text field's value, once per field: FIELD=TEXT, FIELD=@FILE (the file's first
                     line) or FIELD=@- (a line read from standard input: for secure fields, which a
                     command line would show to other users)
          --dismiss  close the question without choosing (resolves to its cancel action, if any)
          --as       who is answering (default: the user name; with a CURVE key, the key's name,
                     and any other name is refused)
          --json     print the resolution, or {"error": …}, as one line of JSON
        \(Backends.help)
        Over the gateway, the answer is recorded under the token's name.
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        let words = arguments.has("dismiss") ? try arguments.positionals("presentation") : try arguments.positionals("presentation", "action")
        let values = try Self.values(arguments.all("value"))
        let backend = try Backends.choose(arguments, settings)
        let by = try await backend.answeringName(arguments["as"], settings)
        let outcome = await Self.answer(backend, words, dismiss: arguments.has("dismiss"), by: by, values: values)
        switch outcome {
        case .success(let reply):
            if arguments.has("json") {
                switch reply {
                case .resolved(let resolution): Output.json(resolution)
                case .approved(let state): Output.json(state)
                }
            } else {
                print(Output.safe(reply.summary))
            }
            return ExitStatus.success
        case .failure(let error):
            if arguments.has("json") { Output.json(["error": error]) } else { printError(error.message) }
            return error.exitStatus
        }
    }

    /// `FIELD=TEXT` options as values by field; `@FILE` and `@-` read the text's first line.
    static func values(_ options: [String]) throws(UsageError) -> [String: String]? {
        guard !options.isEmpty else { return nil }
        var values: [String: String] = [:]
        for option in options {
            guard let equals = option.firstIndex(of: "="), equals != option.startIndex else {
                throw UsageError("--value takes FIELD=TEXT, got \"\(option)\"")
            }
            let field = String(option[..<equals])
            var text = String(option[option.index(after: equals)...])
            if text == "@-" {
                text = readLine(strippingNewline: true) ?? ""
            } else if text.hasPrefix("@") {
                guard let contents = try? String(contentsOfFile: String(text.dropFirst()), encoding: .utf8) else {
                    throw UsageError("--value \(field)=\(text): cannot read \(text.dropFirst())")
                }
                text = contents.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            }
            guard values.updateValue(text, forKey: field) == nil else { throw UsageError("--value gives \(field) twice") }
        }
        return values
    }

    private static func answer(
        _ backend: any InterludeBackend, _ words: [String], dismiss: Bool, by: String, values: [String: String]?
    ) async -> Result<AnswerReply, WireError> {
        do {
            let reply = try await backend.answer(
                words[0], action: words.count > 1 ? words[1] : nil, dismiss: dismiss, by: by, channel: "cli", values: values)
            return .success(reply)
        } catch {
            return .failure(error)
        }
    }
}
