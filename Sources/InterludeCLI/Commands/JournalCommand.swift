import Configuration
import Foundation
import Journal
import Wire

/// `interlude journal check|backup|prune`: looks after the journal while the broker may run.
struct JournalCommand: Command {
    let name = "journal"
    let summary = "Check the journal, back it up, or prune what is older than the retention"
    let options: Set<String> = ["older-than"]
    let flags: Set<String> = ["json"]
    let help = """
        Usage: interlude journal check [--json]
               interlude journal backup FILE
               interlude journal prune [--older-than DURATION]

        Works on the journal the broker uses; the broker may be running.
          check         (SQLite) SQLite's full integrity_check, then every job, question, step and event
                        read back; exits 0 when all is sound, 1 naming what is not
          backup        (SQLite) copies the journal to the new file FILE with SQLite's online backup API, as
                        one consistent moment while the broker goes on writing, then checks the copy. To
                        restore, stop the broker and put the copy in place of data/journal.sqlite.
          prune         removes finished jobs (with their questions, steps and timeline) last changed, and
                        events written, longer ago than the retention, in small batches, as the broker does
                        in the background; on SQLite the freed space goes back to the file system. A client
                        following events from before then is told to take a new snapshot.
          --json        (check) print the report as one line of JSON
          --older-than  (prune) a duration such as 7d, 12h or 30m instead of the `retention` setting
        Settings: data, journal, retention.
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        let folder = URL(fileURLWithPath: settings.data)
        switch arguments.positionals.first {
        case "check":
            _ = try arguments.positionals("action")
            let report = try Journal.check(folder: folder)
            if arguments.has("json") {
                Output.json(Report(report))
            } else {
                print("\(report.path): \(report.jobs) job(s), \(report.events) event(s) read back")
                for line in report.damage { print("  damage: \(Output.safe(line))") }
                for set in report.unreadable { print("  unreadable: \(Output.safe(set.job)): \(Output.safe(set.reason))") }
                print(report.isSound ? "sound" : "NOT sound")
            }
            return report.isSound ? ExitStatus.success : ExitStatus.failure
        case "backup":
            let file = try arguments.positionals("action", "file")[1]
            let pages = try Journal.backup(folder: folder, to: file)
            print("backed up \(pages) page(s) of \(folder.appendingPathComponent(Journal.fileName).path) to \(file); the copy checks")
            return ExitStatus.success
        case "prune":
            _ = try arguments.positionals("action")
            return try prune(arguments, settings: settings)
        default:
            throw UsageError("interlude journal takes check, backup FILE or prune")
        }
    }

    private func prune(_ arguments: Arguments, settings: Settings) throws -> Int32 {
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

    /// `check --json`: `{"path", "sound", "jobs", "events", "damage": […], "unreadable": [{"job", "reason"}]}`.
    private struct Report: Encodable {
        let path: String
        let sound: Bool
        let jobs: Int
        let events: Int
        let damage: [String]
        let unreadable: [Quarantine]

        init(_ report: Journal.CheckReport) {
            path = report.path
            sound = report.isSound
            jobs = report.jobs
            events = report.events
            damage = report.damage
            unreadable = report.unreadable
        }
    }
}
