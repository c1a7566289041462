import Client
import Configuration
import Foundation
import Wire

struct StatusCommand: Command {
    let name = "status"
    let summary = "Show a job (state, pending question, result), or the broker's state"
    let options = Backends.options
    let flags: Set<String> = ["json"]
    let help = """
        Usage: interlude status <job> [--json] [--gateway URL --token-file FILE]
               interlude status [--json] [--gateway URL --token-file FILE]

        Shows a job's state (queued, running, waiting, succeeded, failed, cancelled), its pending
        question if it is waiting, its progress, its result or error, how its last question ended
        (outcome: the action chosen, and why), and its timeline: queued, dispatched (worker, attempt),
        each question asked, each resolution (action, by, channel, cause), refused answers, steps,
        progress at each quarter, retries, and how it finished. Without a job, shows the broker: jobs
        by state, pending questions, workers, whether the journal's disk is full, and the jobs it set
        aside because their journal rows cannot be read (quarantined); over the gateway, GET /v1/status;
        and, when `data` holds a mail outbox, the mails sent, pending and dead-lettered, with the newest
        dead letters and why.
          --json  print the job as one line of JSON, its timeline in "history": [{"at", "type", …}]
                  (without a job: the broker's counters)
        \(Backends.help)
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        let client = try Backends.choose(arguments, settings)
        guard !arguments.positionals.isEmpty else {
            let stats = try await client.stats()
            if arguments.has("json") {
                Output.json(stats)
            } else {
                print(([Output.describe(stats)] + (MailFigures.lines(settings) ?? [])).joined(separator: "\n"))
            }
            return ExitStatus.success
        }
        let id = try arguments.positionals("job")[0]
        let job = try await client.status(id)
        let (history, refusalsOmitted) = try await client.fullHistory(of: id)
        if arguments.has("json") {
            Output.json(JobWithHistory(job: job, history: history, refusalsOmitted: refusalsOmitted))
        } else {
            print(([Output.describe(job)] + Output.describe(history, refusalsOmitted: refusalsOmitted)).joined(separator: "\n"))
        }
        return ExitStatus.success
    }
}

struct CancelCommand: Command {
    let name = "cancel"
    let summary = "Cancel a job"
    let options = Backends.options
    let flags: Set<String> = ["json"]
    let help = """
        Usage: interlude cancel <job> [--json] [--gateway URL --token-file FILE]

        Cancels a job. A queued or waiting job ends at once (its question is withdrawn); a running job
        is asked to stop and ends as soon as its operation notices. A job that has ended cannot be cancelled.
          --json  print the job as one line of JSON
        \(Backends.help)
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        let id = try arguments.positionals("job")[0]
        let job = try await Backends.choose(arguments, settings).cancel(id)
        Output.show(job, json: arguments.has("json"))
        return ExitStatus.success
    }
}

struct JobsCommand: Command {
    let name = "jobs"
    let summary = "List jobs, newest first"
    let options = Backends.options.union(["state", "limit", "after", "before"])
    let flags: Set<String> = ["json"]
    let help = """
        Usage: interlude jobs [--state STATE] [--limit N] [--after CURSOR] [--json] [--gateway URL --token-file FILE]

        Lists jobs, newest first, one page at a time: a page holds at most N jobs, fewer when more would
        not fit in one message (it then says so).
          --state  queued, running, waiting, succeeded, failed or cancelled
          --limit  how many (1–500, default 50)
          --after  the cursor printed at the end of the previous page (--before is the older name)
          --json   print {"jobs": […], "next": …, "cutShort": …} as one line of JSON
        \(Backends.help)
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        _ = try arguments.positionals()
        let state = try arguments["state"].map { text throws(UsageError) -> Job.State in
            guard let state = Job.State(rawValue: text) else {
                throw UsageError("--state must be one of \(Job.State.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return state
        }
        let limit = try arguments["limit"].map { text throws(UsageError) -> Int in
            guard let limit = Int(text), (1...500).contains(limit) else { throw UsageError("--limit must be from 1 to 500") }
            return limit
        }
        let page = try await Backends.choose(arguments, settings).jobs(state: state, limit: limit, after: arguments["after"] ?? arguments["before"])
        if arguments.has("json") {
            Output.json(page)
        } else {
            if page.jobs.isEmpty { print("no jobs") }
            for job in page.jobs {
                print("\(job.id)  \(Output.safe(job.operation).padding(toLength: 16, withPad: " ", startingAt: 0))  \(job.state.rawValue)")
            }
            if page.cutShort { print("(this page was cut short: more jobs would not fit in one message)") }
            if let next = page.next { print("more: interlude jobs --after \(next)") }
        }
        return ExitStatus.success
    }
}
