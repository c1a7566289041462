import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// Work stays inside its folder: the reproductions of exports written anywhere and backups whose links lead out.
    @Suite("Work stays inside its folder") struct Confinement {
        @Test("exportProject aimed at the journal's folder asks, names the folder, and Cancel leaves the folder as it was")
        func anExportOutsideTheExportRootsAsks() async throws {
            let sandbox = try Sandbox("confined-export")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            let before = try FileManager.default.contentsOfDirectory(atPath: sandbox.data.path).sorted()
            let job = try await sandbox.submit("exportProject", #"{"project":"atlas","destination":"\#(sandbox.data.path)"}"#)
            let question = try await sandbox.question(of: job)
            #expect(question.title == "Can't export to this folder")
            #expect(question.message?.hasPrefix("\(sandbox.data.path) is outside the folders exports may go to.") == true, "\(question)")
            #expect(question.actions.map(\.id) == ["useExportsFolder", "cancel"])
            #expect(try await sandbox.cli("answer", question.id, "cancel").status == 0)
            let done = try await sandbox.waitForEnd(of: job)
            #expect(done.resultObject?["exported"] == .bool(false))
            let after = try FileManager.default.contentsOfDirectory(atPath: sandbox.data.path).sorted()
            #expect(!after.contains("atlas.tar.gz") && !after.contains { $0.contains(".partial-") }, "\(after)")
            #expect(
                Set(after).isSubset(of: Set(before + ["journal.sqlite-wal", "journal.sqlite-shm"])), "nothing but the journal changed: \(before) → \(after)")
        }

        @Test("A backup whose links leave the library through a chain is refused, and data/ is kept")
        func aBackupWithALinkChainIsRefused() async throws {
            let sandbox = try Sandbox("confined-restore")
            defer { sandbox.shutdown() }
            let data = sandbox.library.appendingPathComponent("data")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: data.appendingPathComponent("library.json"))
            let backups = sandbox.library.appendingPathComponent("backups")
            try FileManager.default.createDirectory(at: backups, withIntermediateDirectories: true)
            try await Self.chainBackup(at: backups.appendingPathComponent("chain.tar.gz"))
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")

            let job = try await sandbox.submit("restoreBackup", #"{"backup":"chain.tar.gz"}"#)
            let question = try await sandbox.question(of: job)
            #expect(try await sandbox.cli("answer", question.id, "restore").status == 0)
            let done = try await sandbox.waitForEnd(of: job)
            #expect(done.state == .failed)
            #expect(done.error?.code == "unsafeBackup", "\(String(describing: done.error))")
            #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == ["library.json"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.library.path).filter { $0.hasPrefix(".") }.isEmpty)
        }

        /// `data/u -> ..` and `data/v -> u/..`: each harmless by its letters, `v` outside the library through `u`.
        static func chainBackup(at file: URL) async throws {
            let script = """
                import io, sys, tarfile
                with tarfile.open(sys.argv[1], "w:gz") as archive:
                    folder = tarfile.TarInfo("data"); folder.type = tarfile.DIRTYPE; archive.addfile(folder)
                    info = tarfile.TarInfo("data/library.json"); info.size = 2; archive.addfile(info, io.BytesIO(b"[]"))
                    for path, target in (("data/u", ".."), ("data/v", "u/..")):
                        link = tarfile.TarInfo(path); link.type = tarfile.SYMTYPE; link.linkname = target; archive.addfile(link)
                """
            try await runPython(script, [file.path])
        }
    }
}
