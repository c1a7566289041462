import Foundation
import JSON
import Operations
import Presentation
import Testing
import WorkerKit
import WorkerKitTesting

@Suite struct RestoreBackupTests {
    let input = RestoreBackup.Input(backup: DemoLibrary.backupName)

    /// The demo backup's data, as `data/` holds it after a restore.
    let restored = [
        "library.json": "{\"playlists\": [\"Morning\", \"Evening\"]}\n", "playlists": "",
        "playlists/evening.txt": "Evening: t-101\n", "playlists/morning.txt": "Morning: t-102\n",
    ]

    @Test func theQuestionNamesTheBackupsDateInUTC() async throws {
        try await withDemoLibrary { library async throws in
            let backup = library.appendingPathComponent("backups/\(DemoLibrary.backupName)")
            let date = try #require(ISO8601DateFormatter().date(from: "2026-11-29T21:26:13Z"))
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: backup.path)
            let run = await OperationHarness(RestoreBackup(library: library)).run(input) { _ in .dismiss }
            let alert = try #require(run.presentations.first)
            #expect(alert.kind == .alert)
            #expect(alert.title == "Confirm operation")
            #expect(alert.message == "Current data will be replaced by the backup from 2026-11-29 21:26.")
            #expect(alert.localization == Localization("restoreBackup.confirm", ["2026-11-29 21:26"]))
            #expect(
                alert.actions == [
                    Action(id: "restore", label: "Restore Backup", localization: Localization("action.restoreBackup")),
                    Action(id: "cancel", label: "Cancel", role: .cancel, localization: Localization("action.cancel")),
                ])
            #expect(alert.item?["backup"]?.stringValue == DemoLibrary.backupName)
        }
    }

    @Test func restoreReplacesTheDataAndLeavesNothingBehind() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(RestoreBackup(library: library)).run(input) { _ in .answer("restore") }
            let output = try run.result.get()
            #expect(output.restored)
            #expect(output.entries == 5, "data/, library.json, playlists/ and its two files")
            #expect(try snapshot(of: library.appendingPathComponent("data")) == restored)
            #expect(try names(in: library).filter { $0.hasPrefix(".") }.isEmpty)
        }
    }

    @Test(arguments: [ScriptedResponse.answer("cancel"), .dismiss, .expire, .withdraw])
    func anyOtherEndingKeepsTheData(response: ScriptedResponse) async throws {
        try await withDemoLibrary { library async throws in
            let data = library.appendingPathComponent("data")
            let before = try snapshot(of: data)
            let run = await OperationHarness(RestoreBackup(library: library)).run(input) { _ in response }
            #expect(try JSONValue(encoding: run.result.get()) == .object(["restored": .bool(false)]))
            #expect(try snapshot(of: data) == before)
        }
    }

    @Test(arguments: ["../backups/demo.tar.gz", "a/demo.tar.gz", "..tar.gz", "notes.txt", ""])
    func aBadBackupNameIsRefusedWithoutAsking(name: String) async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(RestoreBackup(library: library)).run(.init(backup: name))
            #expect(run.jobError?.code == "invalidBackup")
            #expect(run.presentations.isEmpty)
        }
    }

    @Test func aMissingBackupFailsWithoutAsking() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(RestoreBackup(library: library)).run(.init(backup: "nope.tar.gz"))
            #expect(run.jobError?.code == "backupNotFound")
            #expect(run.presentations.isEmpty)
        }
    }

    @Test func aCrashBetweenTheRenamesLeavesTheOldDataAfterRecovery() async throws {
        try await withDemoLibrary { library async throws in
            let data = library.appendingPathComponent("data")
            let old = try snapshot(of: data)
            // The crash state: `data` renamed away, the extracted backup still in staging.
            try FileManager.default.moveItem(at: data, to: library.appendingPathComponent(".previous-crashed"))
            try FileManager.default.createDirectory(
                at: library.appendingPathComponent(".staging-crashed/data"), withIntermediateDirectories: true)
            let run = await OperationHarness(RestoreBackup(library: library)).run(input) { _ in .answer("cancel") }
            #expect(run.output == RestoreBackup.Output(restored: false))
            #expect(try snapshot(of: data) == old)
            #expect(try names(in: library).filter { $0.hasPrefix(".") }.isEmpty)
        }
    }

    @Test func aCrashBeforeTheOldDataWasDeletedKeepsTheNewData() async throws {
        try await withDemoLibrary { library async throws in
            let data = library.appendingPathComponent("data")
            let old = try snapshot(of: data)
            try FileManager.default.copyItem(at: data, to: library.appendingPathComponent(".previous-crashed"))
            try Data("new".utf8).write(to: data.appendingPathComponent("library.json"))
            let run = await OperationHarness(RestoreBackup(library: library)).run(input) { _ in .dismiss }
            #expect(run.output?.restored == false)
            #expect(try text(data.appendingPathComponent("library.json")) == "new")
            #expect(try snapshot(of: data) != old)
            #expect(try names(in: library).filter { $0.hasPrefix(".") }.isEmpty)
        }
    }

    @Test func aRestoreAfterACrashStillSwapsInTheBackup() async throws {
        try await withDemoLibrary { library async throws in
            let data = library.appendingPathComponent("data")
            try FileManager.default.moveItem(at: data, to: library.appendingPathComponent(".previous-crashed"))
            let run = await OperationHarness(RestoreBackup(library: library)).run(input) { _ in .answer("restore") }
            #expect(run.output?.restored == true)
            #expect(try snapshot(of: data) == restored)
            #expect(try names(in: library).filter { $0.hasPrefix(".") }.isEmpty)
        }
    }
}
