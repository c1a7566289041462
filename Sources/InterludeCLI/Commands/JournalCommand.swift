import Configuration
import Foundation
import Journal
import Wire

struct JournalCommand: Command {
    let name = "journal"
    let summary = "Check the journal, or back it up while the broker runs"
    let flags: Set<String> = ["json"]
    let help = """
        Usage: interlude journal check [--json]
               interlude journal backup FILE

        Works on the journal in `data` without stopping the broker (it only reads).
          check   SQLite's full integrity_check, then every job, question, step and event read back;
                  exits 0 when all is sound, 1 naming what is not
          backup  copies the journal to the new file FILE with SQLite's online backup API, as one
                  consistent moment while the broker goes on writing, then checks the copy. To restore,
                  stop the broker and put the copy in place of data/journal.sqlite.
          --json  (check) print the report as one line of JSON
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
        default:
            throw UsageError("interlude journal takes check or backup FILE")
        }
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
