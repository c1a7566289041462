import Archive
import Foundation
import JSON
import Operations
import Presentation
import Testing
import Wire
import WorkerKit
import WorkerKitTesting

@Suite struct ExportProjectTests {
    func input(_ library: URL, destination: String = "exports") -> ExportProject.Input {
        ExportProject.Input(project: "atlas", destination: library.appendingPathComponent(destination).path)
    }

    /// An export allowed to write into `library/<root>` (a drive that may come and go).
    func exporter(_ library: URL, root: String) -> ExportProject {
        ExportProject(library: library, exportRoots: [library.appendingPathComponent(root)])
    }

    @Test func anExportWritesARealArchiveAndReportsProgressToTheTotal() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(ExportProject(library: library)).run(input(library))
            let output = try run.result.get()
            let archive = library.appendingPathComponent("exports/atlas.tar.gz")
            #expect(output == ExportProject.Output(archive: archive.path, bytes: output.bytes, exported: true))
            #expect(output.bytes == (try FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? Int).map(Int64.init))
            #expect(try TarGz.list(archive).contains("atlas/chapters/01-lisbon.md"))
            #expect(try names(in: library.appendingPathComponent("exports")) == ["atlas.tar.gz"], "no partial file is left")
            let total = try TarGz.contentSize(of: library.appendingPathComponent("projects/atlas"))
            #expect(run.progress.last == .init(done: total, total: total))
            #expect(run.presentations.isEmpty)
            #expect(run.stepNames == ["check", "archive"])
        }
    }

    @Test func anOlderArchiveWithTheSameNameIsReplaced() async throws {
        try await withDemoLibrary { library async throws in
            let archive = library.appendingPathComponent("exports/atlas.tar.gz")
            try Data("old".utf8).write(to: archive)
            let run = await OperationHarness(ExportProject(library: library)).run(input(library))
            #expect(run.output?.exported == true)
            #expect(try TarGz.list(archive).contains("atlas/README.md"))
        }
    }

    @Test func aMissingDestinationAsksCantReachTheDestination() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(exporter(library, root: "drive"))
                .run(input(library, destination: "drive")) { _ in .answer("cancel") }
            let alert = try #require(run.presentations.first)
            #expect(alert.kind == .alert)
            #expect(alert.title == "Can't reach the destination")
            #expect(alert.message == "Check that the drive is still connected.")
            #expect(alert.error?.code == "destinationUnavailable")
            #expect(alert.localization == Localization("exportProject.destinationUnavailable"))
            #expect(
                alert.actions == [
                    Action(id: "retry", label: "Try Again", localization: Localization("action.tryAgain")),
                    Action(id: "useAnotherFolder", label: "Use Another Folder", localization: Localization("action.useAnotherFolder")),
                    Action(id: "cancel", label: "Cancel", role: .cancel, localization: Localization("action.cancel")),
                ])
            #expect(alert.fields == [ExportProject.folderField])
            #expect(alert.fields.first?.belongs(to: alert.actions[0]) == false, "Try Again asks for no folder")
            #expect(try run.result.get() == .notExported)
            #expect(try JSONValue(encoding: run.result.get()) == .object(["archive": .null, "bytes": .integer(0), "exported": .bool(false)]))
        }
    }

    @Test func tryAgainAfterTheDriveIsBackExports() async throws {
        try await withDemoLibrary { library async throws in
            let drive = library.appendingPathComponent("drive")
            let run = await OperationHarness(exporter(library, root: "drive")).run(input(library, destination: "drive")) { _ in
                try? FileManager.default.createDirectory(at: drive, withIntermediateDirectories: true)
                return .answer("retry")
            }
            #expect(run.presentations.count == 1)
            #expect(run.output?.exported == true)
            #expect(try TarGz.list(drive.appendingPathComponent("atlas.tar.gz")).contains("atlas/notes.txt"))
            #expect(run.stepNames == ["check", "check#2", "archive"])
        }
    }

    @Test func useAnotherFolderExportsThereOnceTheFolderIsGiven() async throws {
        try await withDemoLibrary { library async throws in
            let other = library.appendingPathComponent("drive/other")
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            let exporter = ExportProject(library: library, exportRoots: [library.appendingPathComponent("drive")])
            let run = await OperationHarness(exporter).run(input(library, destination: "drive/gone")) { _ in
                .answerWith("useAnotherFolder", values: ["folder": other.path])
            }
            #expect(run.presentations.count == 1)
            #expect(run.output?.exported == true)
            #expect(try TarGz.list(other.appendingPathComponent("atlas.tar.gz")).contains("atlas/notes.txt"))
        }
    }

    @Test func useAnotherFolderWithoutAFolderIsRefusedNamingTheField() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(exporter(library, root: "drive"))
                .run(input(library, destination: "drive")) { _ in .answerWith("useAnotherFolder", values: ["folder": "  "]) }
            guard case .failure(let error) = run.result else {
                Issue.record("the empty folder was taken: \(run.result)")
                return
            }
            #expect("\(error)".contains("folder: is required"), "\(error)")
        }
    }

    @Test func tryAgainWhileTheDriveIsStillGoneAsksANewQuestion() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(exporter(library, root: "drive"))
                .run(input(library, destination: "drive")) { $0.sequence < 3 ? .answer("retry") : .dismiss }
            #expect(run.presentations.map(\.sequence) == [1, 2, 3])
            #expect(Set(run.presentations.map(\.id)).count == 3)
            #expect(try run.result.get() == .notExported)
        }
    }

    @Test func aDestinationThatIsAFileIsUnavailable() async throws {
        try await withDemoLibrary { library async throws in
            let file = library.appendingPathComponent("not-a-folder")
            try Data().write(to: file)
            let run = await OperationHarness(exporter(library, root: "not-a-folder"))
                .run(input(library, destination: "not-a-folder")) { _ in .dismiss }
            #expect(run.presentations.first?.error?.code == "destinationUnavailable")
        }
    }

    @Test func aHugeReserveAsksNotEnoughSpaceWithOnlyCancel() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(ExportProject(library: library, reserveBytes: 1 << 60))
                .run(input(library)) { _ in .dismiss }
            let alert = try #require(run.presentations.first)
            #expect(alert.kind == .alert)
            #expect(alert.title == "Not enough space")
            #expect(alert.error?.code == "noAvailableSpace")
            #expect(alert.actions.map(\.id) == ["cancel"])
            #expect(alert.cancelAction?.label == "Cancel")
            let megabytes = try #require(alert.localization?.arguments.first)
            #expect(Int64(megabytes).map { $0 > 1_000_000_000 } == true)
            #expect(alert.message == "Free at least \(megabytes) MB and try again.")
            #expect(alert.localization?.key == "exportProject.noAvailableSpace")
            #expect(try run.result.get() == .notExported)
            #expect(try names(in: library.appendingPathComponent("exports")).isEmpty, "nothing was written")
        }
    }

    @Test(arguments: [("nope", "projectNotFound"), ("../data", "invalidProject"), ("", "invalidProject")])
    func aMissingOrInvalidProjectFailsWithoutAsking(project: String, code: String) async throws {
        try await withDemoLibrary { library async throws in
            let input = ExportProject.Input(project: project, destination: library.appendingPathComponent("exports").path)
            let run = await OperationHarness(ExportProject(library: library)).run(input)
            #expect(run.jobError?.code == code)
            #expect(run.presentations.isEmpty)
        }
    }

    @Test func aReplayOfAFinishedExportDoesNotWriteAgain() async throws {
        try await withDemoLibrary { library async throws in
            let operation = ExportProject(library: library)
            let first = await OperationHarness(operation).run(input(library))
            try FileManager.default.removeItem(at: library.appendingPathComponent("exports/atlas.tar.gz"))
            let replay = await OperationHarness(operation, history: first.history).run(input(library))
            #expect(replay.output == first.output)
            #expect(replay.steps.isEmpty)
            #expect(try names(in: library.appendingPathComponent("exports")).isEmpty)
        }
    }
}
