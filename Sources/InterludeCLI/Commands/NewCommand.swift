import Configuration
import Foundation

/// `interlude new operation NAME`: writes a package with an operation of one's own, its worker and its tests.
struct NewCommand: Command {
    let name = "new"
    let summary = "Write a package with a new operation, its worker and its tests (new operation NAME)"
    let options: Set<String> = ["path", "interlude"]
    let help = """
        Usage: interlude new operation <name> [--path DIR] [--interlude DIR]

        Writes a Swift package for the operation <name> (lowerCamelCase, such as archiveLogs): the
        operation, a confirmation dialog with a destructive action and a required text field, its texts
        in English and Spanish, a worker executable (<name>-worker) and harness tests. It builds and
        passes `swift test` as written; then run the worker against a broker and submit <name>.
          --path       the package's folder, which must be missing or empty (default: ./<Name>)
          --interlude  the Interlude checkout the package depends on by path (default: the one this
                       interlude was built from); Package.swift shows the git form in a comment
        """

    /// The checkout this binary was built from: this file is `Sources/InterludeCLI/Commands/NewCommand.swift`.
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        let words = try arguments.positionals("kind", "name")
        guard words[0] == "operation" else { throw UsageError("interlude new makes an operation: interlude new operation <name>") }
        let interlude = URL(fileURLWithPath: arguments["interlude"] ?? Self.checkout.path).standardizedFileURL
        let manifest = (try? String(contentsOf: interlude.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        guard manifest.contains(#"name: "Interlude""#) else {
            throw UsageError("\(interlude.path) is not an Interlude checkout (no Package.swift of Interlude); give --interlude DIR")
        }
        let scaffold = try OperationScaffold(name: words[1], interlude: interlude.path, version: InterludeVersion.release)
        let folder = URL(fileURLWithPath: arguments["path"] ?? scaffold.typeName).standardizedFileURL
        try scaffold.write(to: folder)
        print(
            """
            wrote \(scaffold.typeName) in \(folder.path): the operation \(scaffold.name), its worker and its tests.
              swift test --package-path \(folder.path)
              swift run --package-path \(folder.path) \(scaffold.workerName)      # against a running broker
              interlude submit \(scaffold.name) --input '{"item": "old.log"}' --wait
            """)
        return ExitStatus.success
    }
}
