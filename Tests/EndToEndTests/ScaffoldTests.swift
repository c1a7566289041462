import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// `interlude new operation`: the package it writes, built, tested and run against `interlude broker`.
    @Suite("A new operation from interlude new") struct Scaffold {
        static let repository = RepositoryFolder.root
        /// Fixed folders under the build folder: written anew each run, the package is rebuilt, the SDK under it is not.
        static let package = repository.appendingPathComponent(".build/scaffold-e2e/package")
        static let scratch = repository.appendingPathComponent(".build/scaffold-e2e/build")

        /// `swift <arguments>` on the written package, to its end; fails the test on a non-zero exit.
        static func swift(_ arguments: [String]) async throws -> String {
            let all = arguments + ["--package-path", package.path, "--scratch-path", scratch.path]
            let (status, output) = try await ChildCommand.run("/usr/bin/env", ["swift"] + all, timeout: .seconds(1200))
            guard status == 0 else { throw EndToEndFailure("swift \(all.joined(separator: " ")) exited \(status):\n\(output)") }
            return output
        }

        @Test(
            "The package interlude new operation writes builds without a warning, passes its tests, and its worker asks with a destructive action and a required text field, answered from the CLI"
        )
        func newOperationBuildsTestsAndRuns() async throws {
            let sandbox = try Sandbox("scaffold", demoLibrary: false)
            defer { sandbox.shutdown() }
            try? FileManager.default.removeItem(at: Self.package)
            let made = try await sandbox.cli("new", "operation", "archiveLogs", "--path", Self.package.path)
            #expect(made.status == 0, "\(made)")
            let again = try await sandbox.cli("new", "operation", "archiveLogs", "--path", Self.package.path)
            #expect(again.status == 2 && again.stderr.contains("is not empty"), "\(again)")
            let manifest = try String(contentsOf: Self.package.appendingPathComponent("Package.swift"), encoding: .utf8)
            #expect(manifest.contains(#".package(name: "Interlude", path: "\#(Self.repository.standardizedFileURL.path)")"#), "\(manifest)")
            #expect(manifest.contains(#"// .package(url: "#) && manifest.contains(#"from: ""#), "the git form, in a comment")

            let built = try await Self.swift(["build", "--build-tests", "-Xswiftc", "-warnings-as-errors"])
            let warnings = built.split(separator: "\n").filter { $0.contains("warning:") }
            #expect(warnings.isEmpty, "\(warnings.joined(separator: "\n"))")
            let tested = try await Self.swift(["test", "--skip-build"])
            #expect(tested.contains("Test run with 7 tests in 1 suite passed"), "\(tested)")

            try await sandbox.startBroker()
            let program = Self.scratch.appendingPathComponent("debug/archiveLogs-worker")
            let worker = try sandbox.start("archiveLogs-worker", [], executable: program, environment: ["INTERLUDE_WORKER_NAME": "scaffold-1"])
            let banner = try await sandbox.ready(worker, "interlude worker is up.")
            #expect(banner["operations"] == "archiveLogs")

            let job = try await sandbox.submit("archiveLogs", #"{"item": "old.log"}"#)
            let question = try await sandbox.question(of: job)
            #expect(question.kind == .confirmationDialog)
            #expect(question.title == "Proceed with old.log?")
            #expect(question.actions.map(\.id) == ["proceed", "cancel"])
            #expect(question.actions.map(\.role) == [.destructive, .cancel])
            #expect(question.fields.map(\.id) == ["note"])
            let listed = try await sandbox.cli("resolve", "--locale", "es")
            #expect(listed.stdout.contains("¿Continuar con old.log?"), "\(listed)")
            let missing = try await sandbox.cli("answer", question.id, "proceed")
            #expect(missing.status == 1 && missing.stderr.contains("note: is required"), "\(missing)")
            let answered = try await sandbox.cli("answer", question.id, "proceed", "--value", "note=disk is full")
            #expect(answered.status == 0, "\(answered)")
            let done = try await sandbox.waitForEnd(of: job)
            #expect(done.state == .succeeded, "\(done)")
            #expect(done.result == .object(["done": .bool(true), "note": .string("disk is full")]))
        }
    }
}
