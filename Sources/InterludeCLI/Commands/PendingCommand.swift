import Client
import Configuration
import Foundation
import Presentation
import Wire

struct PendingCommand: Command {
    let name = "pending"
    let summary = "List the questions waiting for an answer"
    let options: Set<String> = ["limit", "after"]
    let flags: Set<String> = ["json"]
    let help = """
        Usage: interlude pending [--limit N [--after CURSOR]] [--json]

        Lists every pending presentation (alert or confirmation dialog), oldest first, with its actions,
        reading them from the broker page by page.
          --limit  list one page of at most N (1–1000) instead, and print the cursor of the next
          --after  the cursor printed after the previous page
          --json   print a JSON array of presentations (with --limit: {"presentations": […], "next": …})
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        _ = try arguments.positionals()
        let client = try Connection(settings).client
        guard let limit = try Self.limit(arguments) else {
            if arguments["after"] != nil { throw UsageError("--after goes with --limit") }
            let snapshot = try await client.allPending()
            if arguments.has("json") { Output.json(snapshot.presentations) } else { Self.print(snapshot.presentations) }
            return ExitStatus.success
        }
        let page = try await client.pending(limit: limit, after: arguments["after"])
        if arguments.has("json") {
            Output.json(Page(presentations: page.presentations, next: page.next, cutShort: page.cutShort))
        } else {
            Self.print(page.presentations)
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

    private static func print(_ presentations: [Presentation]) {
        if presentations.isEmpty {
            Swift.print("no pending questions")
        } else {
            Swift.print(presentations.map { Output.describe($0).joined(separator: "\n") }.joined(separator: "\n\n"))
        }
    }
}

struct AnswerCommand: Command {
    let name = "answer"
    let summary = "Answer a pending question (exit 3 if someone answered first)"
    let options: Set<String> = ["as"]
    let flags: Set<String> = ["json", "dismiss"]
    let help = """
        Usage: interlude answer <presentation> <action> [--as NAME] [--json]
               interlude answer <presentation> --dismiss [--as NAME] [--json]

        Answers a pending presentation with one of its action ids. The first answer wins: exits 0 when
        this answer took effect, 3 when the question was already resolved or is no longer the job's
        current one (printing how it was resolved) or the key may not answer, 1 for an action the
        question does not offer.
          --dismiss  close the question without choosing (resolves to its cancel action, if any)
          --as       who is answering (default: the user name; with a CURVE key, the key's name,
                     and any other name is refused)
          --json     print the resolution, or {"error": …}, as one line of JSON
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        let words = arguments.has("dismiss") ? try arguments.positionals("presentation") : try arguments.positionals("presentation", "action")
        let by = answeringName(arguments["as"], settings)
        let connection = try Connection(settings)
        let outcome = await Self.answer(connection, words, dismiss: arguments.has("dismiss"), by: by)
        switch outcome {
        case .success(let resolution):
            if arguments.has("json") { Output.json(resolution) } else { print(Output.safe("\(resolution.presentation): \(resolution.summary)")) }
            return ExitStatus.success
        case .failure(let error):
            if arguments.has("json") { Output.json(["error": error]) } else { printError(error.message) }
            return error.exitStatus
        }
    }

    private static func answer(_ connection: Connection, _ words: [String], dismiss: Bool, by: String) async -> Result<Resolution, WireError> {
        do {
            let resolution = try await connection.client.answer(
                words[0], action: words.count > 1 ? words[1] : nil, dismiss: dismiss, by: by, channel: "cli")
            return .success(resolution)
        } catch {
            return .failure(error)
        }
    }
}
