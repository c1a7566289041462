import Archive
import Foundation
import Operations
import Presentation
import Testing
import WorkerKit
import WorkerKitTesting

/// exportProject writes only into its export roots, reads only inside the library, and removes only its own partial files.
@Suite struct ExportConfinementTests {
    @Test func aDestinationOutsideTheExportRootsAsksNamingTheFolderAndCancelWritesNothing() async throws {
        try await withDemoLibrary { library async throws in
            // The reproduction: a folder beside the library, such as the journal's.
            let elsewhere = library.deletingLastPathComponent().appendingPathComponent("data", isDirectory: true)
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            try Data("journal".utf8).write(to: elsewhere.appendingPathComponent("atlas.tar.gz"))
            let run = await OperationHarness(ExportProject(library: library))
                .run(.init(project: "atlas", destination: elsewhere.path)) { _ in .answer("cancel") }
            let alert = try #require(run.presentations.first)
            #expect(alert.title == "Can't export to this folder")
            let exports = library.appendingPathComponent("exports").path
            #expect(alert.message == "\(elsewhere.path) is outside the folders exports may go to. Use \(exports) instead, or cancel.")
            #expect(alert.error?.code == "destinationNotAllowed")
            #expect(alert.localization == Localization("exportProject.destinationNotAllowed", [elsewhere.path, exports]))
            #expect(alert.actions.map(\.id) == ["useExportsFolder", "cancel"])
            #expect(run.output == .notExported)
            #expect(try names(in: elsewhere) == ["atlas.tar.gz"])
            #expect(try String(contentsOf: elsewhere.appendingPathComponent("atlas.tar.gz"), encoding: .utf8) == "journal", "not overwritten")
            #expect(try names(in: library.appendingPathComponent("exports")).isEmpty)
        }
    }

    @Test func choosingTheExportsFolderExportsThere() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(ExportProject(library: library))
                .run(.init(project: "atlas", destination: "/etc")) { _ in .answer("useExportsFolder") }
            #expect(run.output?.archive == library.appendingPathComponent("exports/atlas.tar.gz").path)
            #expect(try TarGz.list(library.appendingPathComponent("exports/atlas.tar.gz")).contains("atlas/README.md"))
            #expect(run.stepNames == ["check", "check#2", "archive"])
        }
    }

    @Test(arguments: ["exports/escape", "exports/escape/deeper", "exports/../data"])
    func aPathIntoTheRootThatLeadsOutIsNotAllowed(destination: String) async throws {
        try await withDemoLibrary { library async throws in
            let outside = library.deletingLastPathComponent().appendingPathComponent("outside", isDirectory: true)
            try FileManager.default.createDirectory(at: outside.appendingPathComponent("deeper"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: library.appendingPathComponent("exports/escape").path, withDestinationPath: outside.path)
            let run = await OperationHarness(ExportProject(library: library))
                .run(.init(project: "atlas", destination: library.path + "/" + destination)) { _ in .dismiss }
            #expect(run.presentations.first?.error?.code == "destinationNotAllowed", "\(run.presentations)")
            #expect(try names(in: outside) == ["deeper"], "nothing was written outside")
            #expect(try names(in: outside.appendingPathComponent("deeper")).isEmpty)
        }
    }

    @Test func anotherJobsPartialFileIsLeftAloneAndOnlyThisJobsOwnIsReplaced() async throws {
        try await withDemoLibrary { library async throws in
            let exports = library.appendingPathComponent("exports")
            try Data("someone else's".utf8).write(to: exports.appendingPathComponent(".atlas.tar.gz.partial-job-other"))
            try Data("an earlier attempt".utf8).write(to: exports.appendingPathComponent(".atlas.tar.gz.partial-job-1"))
            let run = await OperationHarness(ExportProject(library: library), job: "job-1").run(.init(project: "atlas", destination: exports.path))
            #expect(run.output?.exported == true)
            #expect(try names(in: exports) == [".atlas.tar.gz.partial-job-other", "atlas.tar.gz"])
        }
    }

    @Test func aProjectThatIsALinkOutOfTheLibraryIsRefusedWithoutReadingIt() async throws {
        try await withDemoLibrary { library async throws in
            let secrets = library.deletingLastPathComponent().appendingPathComponent("secrets", isDirectory: true)
            try FileManager.default.createDirectory(at: secrets, withIntermediateDirectories: true)
            try Data("private".utf8).write(to: secrets.appendingPathComponent("key.txt"))
            try FileManager.default.createSymbolicLink(
                atPath: library.appendingPathComponent("projects/leak").path, withDestinationPath: secrets.path)
            let run = await OperationHarness(ExportProject(library: library))
                .run(.init(project: "leak", destination: library.appendingPathComponent("exports").path))
            #expect(run.jobError?.code == "outsideLibrary", "\(String(describing: run.jobError))")
            #expect(try names(in: library.appendingPathComponent("exports")).isEmpty)
        }
    }

    @Test func aLinkInsideTheProjectIsNotFollowedIntoTheArchive() async throws {
        try await withDemoLibrary { library async throws in
            try FileManager.default.createSymbolicLink(
                atPath: library.appendingPathComponent("projects/atlas/passwd").path, withDestinationPath: "/etc/passwd")
            let run = await OperationHarness(ExportProject(library: library))
                .run(.init(project: "atlas", destination: library.appendingPathComponent("exports").path))
            let archive = try #require(run.output?.archive)
            #expect(try !TarGz.list(URL(fileURLWithPath: archive)).contains("atlas/passwd"))
        }
    }
}
