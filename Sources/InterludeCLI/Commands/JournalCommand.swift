import Configuration
import Foundation
import Journal
import Wire

/// `interlude journal prune`: removes what is older than the retention by hand.
struct JournalCommand: Command {
    let name = "journal"
    let summary = "Prune the journal of finished jobs and events older than the retention"
    let options: Set<String> = ["older-than"]
    let help = """
        Usage: interlude journal prune [--older-than DURATION]

        Works on the journal the broker uses (`data`'s SQLite file, or the PostgreSQL database `journal`
        names); the broker may be running.
          prune         removes finished jobs (with their questions, steps and timeline) last changed, and
                        events written, longer ago than the retention, in small batches, as the broker does
                        in the background; on SQLite the freed space goes back to the file system. A client
                        following events from before then is told to take a new snapshot.
          --older-than  a duration such as 7d, 12h or 30m instead of the `retention` setting
        Settings: data, journal, retention.
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        guard arguments.positionals.first == "prune" else { throw UsageError("interlude journal takes prune") }
        _ = try arguments.positionals("action")
        let age: TimeInterval
        if let text = arguments["older-than"] {
            guard let seconds = DurationText.seconds(text) else { throw UsageError("--older-than must be a duration such as 7d, 12h or 30m") }
            age = seconds
        } else {
            guard let seconds = settings.retentionSeconds, seconds > 0 else {
                throw UsageError("retention is 0 (keep everything): say how old with --older-than")
            }
            age = seconds
        }
        let journal = try settings.journalLocation.open()
        let cutoff = Date().addingTimeInterval(-age)
        var total = Pruned()
        var batch: Pruned
        repeat {
            batch = try journal.prune(before: cutoff, limit: 1_000)
            total.jobs += batch.jobs
            total.events += batch.events
        } while batch.isFull
        print("pruned \(total.jobs) finished job(s) and \(total.events) event(s) older than \(DurationText.text(age)) from \(journal.path)")
        return ExitStatus.success
    }
}
