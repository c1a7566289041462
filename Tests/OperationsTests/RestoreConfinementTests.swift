import Foundation
import Operations
import TestSupport
import Testing
import WorkerKit
import WorkerKitTesting

/// restoreBackup refuses a backup whose links, followed through one another, lead out of the data they restore.
@Suite struct RestoreConfinementTests {
    /// Writes `backups/<name>` with Python's tarfile, which stores hostile links as given: `data/` with a
    /// file and the links `(path, target)`.
    func makeBackup(_ name: String, links: [(String, String)], in library: URL) async throws {
        let script = """
            import io, sys, tarfile
            out, links = sys.argv[1], sys.argv[2:]
            with tarfile.open(out, "w:gz") as archive:
                folder = tarfile.TarInfo("data"); folder.type = tarfile.DIRTYPE; archive.addfile(folder)
                info = tarfile.TarInfo("data/library.json"); info.size = 2; archive.addfile(info, io.BytesIO(b"{}"))
                for path, target in zip(links[::2], links[1::2]):
                    link = tarfile.TarInfo(path); link.type = tarfile.SYMTYPE; link.linkname = target; archive.addfile(link)
            """
        try await runPython(script, [library.appendingPathComponent("backups/\(name)").path] + links.flatMap { [$0.0, $0.1] })
    }

    @Test(arguments: [
        // The chain that passed the old check: `u/..` is `data/` by its letters, the library through `u`.
        ("chain", [("data/u", ".."), ("data/v", "u/..")]),
        // Inside the archive's folder, but out of `data/` once it is swapped in.
        ("up", [("data/up", "..")]),
        // Harmless by its letters when it arrives; out of `data/` once the later link exists.
        ("later", [("data/b", "a/.."), ("data/a", ".")]),
    ])
    func aBackupWhoseLinksLeaveTheDataIsRefusedAndTheDataIsKept(name: String, links: [(String, String)]) async throws {
        try await withDemoLibrary { library async throws in
            try await makeBackup("\(name).tar.gz", links: links, in: library)
            let data = library.appendingPathComponent("data")
            let before = try snapshot(of: data)
            let run = await OperationHarness(RestoreBackup(library: library)).run(.init(backup: "\(name).tar.gz")) { _ in .answer("restore") }
            #expect(run.jobError?.code == "unsafeBackup", "\(String(describing: run.jobError))")
            #expect(try snapshot(of: data) == before, "the old data is untouched")
            #expect(try names(in: library).filter { $0.hasPrefix(".") }.isEmpty, "no staging folder is left")
        }
    }

    @Test func linksThatStayInsideTheDataAreRestored() async throws {
        try await withDemoLibrary { library async throws in
            try await makeBackup("links.tar.gz", links: [("data/current", "library.json"), ("data/sub/back", "../library.json")], in: library)
            let run = await OperationHarness(RestoreBackup(library: library)).run(.init(backup: "links.tar.gz")) { _ in .answer("restore") }
            #expect(run.output?.restored == true, "\(String(describing: run.jobError))")
            let data = library.appendingPathComponent("data")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: data.appendingPathComponent("current").path) == "library.json")
            #expect(try text(data.appendingPathComponent("sub/back")) == "{}")
        }
    }

    @Test func aBackupThatIsALinkOutOfTheLibraryIsNotOpened() async throws {
        try await withDemoLibrary { library async throws in
            let elsewhere = library.deletingLastPathComponent().appendingPathComponent("elsewhere.tar.gz")
            try FileManager.default.copyItem(at: library.appendingPathComponent("backups/\(DemoLibrary.backupName)"), to: elsewhere)
            try FileManager.default.createSymbolicLink(
                atPath: library.appendingPathComponent("backups/linked.tar.gz").path, withDestinationPath: elsewhere.path)
            let run = await OperationHarness(RestoreBackup(library: library)).run(.init(backup: "linked.tar.gz")) { _ in .answer("restore") }
            #expect(run.jobError?.code == "backupNotFound")
            #expect(run.presentations.isEmpty)
        }
    }
}

/// The other operations act on the library's files through its folder, never through a link out of it.
@Suite struct LibraryConfinementTests {
    @Test func aDownloadThatIsALinkToAFileOutsideIsNotADownload() async throws {
        try await withDemoLibrary { library async throws in
            let outside = library.deletingLastPathComponent().appendingPathComponent("precious.m4a")
            try Data("keep me".utf8).write(to: outside)
            try FileManager.default.createSymbolicLink(atPath: library.appendingPathComponent("downloads/t-900.m4a").path, withDestinationPath: outside.path)
            let run = await OperationHarness(RemoveDownload(library: library)).run(.init(trackID: "t-900", title: "Precious")) { _ in .answer("remove") }
            #expect(run.jobError?.code == "downloadNotFound")
            #expect(try text(outside) == "keep me")
        }
    }

    @Test func resettingPreferencesReplacesALinkInsteadOfWritingThroughIt() async throws {
        try await withDemoLibrary { library async throws in
            let victim = library.deletingLastPathComponent().appendingPathComponent("victim.json")
            try Data("untouched".utf8).write(to: victim)
            let preferences = library.appendingPathComponent("preferences.json")
            try FileManager.default.removeItem(at: preferences)
            try FileManager.default.createSymbolicLink(atPath: preferences.path, withDestinationPath: victim.path)
            let run = await OperationHarness(ResetPreferences(library: library)).run(.init()) { _ in .answer("reset") }
            #expect(run.jobError == nil, "\(String(describing: run.jobError))")
            #expect(try text(victim) == "untouched")
            #expect(try text(preferences).contains("\"theme\""))
        }
    }
}
