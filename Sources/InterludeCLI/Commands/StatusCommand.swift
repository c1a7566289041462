import Client
import Configuration
import Foundation
import Wire

struct StatusCommand: Command {
    let name = "status"
    let summary = "Show a job: state, pending question, result"
    let flags: Set<String> = ["json"]
    let help = """
        Usage: interlude status <job> [--json]

        Shows a job's state (queued, running, waiting, succeeded, failed, cancelled), its pending
        question if it is waiting, its progress, and its result or error.
          --json  print the job as one line of JSON
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        let id = try arguments.positionals("job")[0]
        let job = try await Connection(settings).client.status(id)
        if arguments.has("json") { Output.json(job) } else { print(Output.describe(job)) }
        return ExitStatus.success
    }
}

struct CancelCommand: Command {
    let name = "cancel"
    let summary = "Cancel a job"
    let flags: Set<String> = ["json"]
    let help = """
        Usage: interlude cancel <job> [--json]

        Cancels a job. A queued or waiting job ends at once (its question is withdrawn); a running job
        is asked to stop and ends as soon as its operation notices. A job that has ended cannot be cancelled.
          --json  print the job as one line of JSON
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        let id = try arguments.positionals("job")[0]
        let job = try await Connection(settings).client.cancel(id)
        if arguments.has("json") { Output.json(job) } else { print(Output.describe(job)) }
        return ExitStatus.success
    }
}

struct JobsCommand: Command {
    let name = "jobs"
    let summary = "List jobs, newest first"
    let options: Set<String> = ["state", "limit", "before"]
    let flags: Set<String> = ["json"]
    let help = """
        Usage: interlude jobs [--state STATE] [--limit N] [--before CURSOR] [--json]

        Lists jobs, newest first.
          --state   queued, running, waiting, succeeded, failed or cancelled
          --limit   how many (1–500, default 50)
          --before  the cursor printed at the end of the previous page
          --json    print {"jobs": […], "next": …} as one line of JSON
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
        let page = try await Connection(settings).client.jobs(state: state, limit: limit, before: arguments["before"])
        if arguments.has("json") {
            Output.json(page)
        } else {
            if page.jobs.isEmpty { print("no jobs") }
            for job in page.jobs { print("\(job.id)  \(job.operation.padding(toLength: 16, withPad: " ", startingAt: 0))  \(job.state.rawValue)") }
            if let next = page.next { print("more: interlude jobs --before \(next)") }
        }
        return ExitStatus.success
    }
}
