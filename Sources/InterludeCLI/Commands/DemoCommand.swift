import Configuration
import Foundation
import Operations

struct DemoCommand: Command {
    let name = "demo"
    let summary = "Create the demo library, or restore it (--reset) so the README's walkthroughs work again"
    let flags: Set<String> = ["reset"]
    let help = """
        Usage: interlude demo [--reset]

        Creates the small demo library the README's walkthroughs act on in the library folder (`library`)
        when it is missing or empty, as `interlude up` does.
          --reset  restore it: the downloads, the project, the backup, the preferences and the itinerary
                   go back to how the demo starts (t-101 is back, Lisbon is on day 2 again), and exports
                   are removed. Refused when the folder holds anything the demo library does not, so
                   it never deletes a library of yours. It may run while `interlude up` runs.
        Settings: library.
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        _ = try arguments.positionals()
        let folder = URL(fileURLWithPath: settings.library)
        if arguments.has("reset") {
            try DemoLibrary.reset(at: folder)
            print("restored the demo library in \(folder.standardizedFileURL.path)")
        } else if try DemoLibrary.create(at: folder) {
            print("created a demo library in \(folder.standardizedFileURL.path)")
        } else {
            print("\(folder.standardizedFileURL.path) is not empty; left as it is (--reset restores a demo library)")
        }
        return ExitStatus.success
    }
}
