import Archive
import Foundation
import Testing

/// Archives built by Python's tarfile, which writes hostile names as given.
@Suite struct TarGzSafetyTests {
    private static let script = """
        import io, sys, tarfile
        out, kind, outside = sys.argv[1], sys.argv[2], sys.argv[3]
        def entry(name, kind=tarfile.REGTYPE, data=b"x", link=""):
            info = tarfile.TarInfo(name)
            info.type, info.linkname = kind, link
            info.size = len(data) if kind == tarfile.REGTYPE else 0
            archive.addfile(info, io.BytesIO(data) if kind == tarfile.REGTYPE else None)
        with tarfile.open(out, "w:gz") as archive:
            entry("ok.txt")
            if kind == "dotdot": entry("../evil")
            if kind == "nestedDotdot": entry("sub/../../evil")
            if kind == "absolute": entry(outside + "/evil")
            if kind == "symlinkOut": entry("link", tarfile.SYMTYPE, link="../evil")
            if kind == "absoluteSymlink": entry("link", tarfile.SYMTYPE, link=outside + "/evil")
            if kind == "hardlinkOut": entry("hard", tarfile.LNKTYPE, link="../evil")
            if kind == "throughSymlink":
                entry("link", tarfile.SYMTYPE, link=".")
                entry("link/evil")
        """

    private func makeArchive(_ kind: String, at archive: URL, outside: URL) throws {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", Self.script, archive.path, kind, outside.path]
        try python.run()
        python.waitUntilExit()
        try #require(python.terminationStatus == 0)
    }

    @Test(arguments: [
        "dotdot", "nestedDotdot", "absolute", "symlinkOut", "absoluteSymlink", "hardlinkOut", "throughSymlink",
    ])
    func anEntryEscapingTheFolderIsRefusedAndNothingIsWrittenOutside(kind: String) throws {
        try withTemporaryFolder { temp in
            let archive = temp.appendingPathComponent("bad.tar.gz")
            let destination = temp.appendingPathComponent("dest")
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
            try makeArchive(kind, at: archive, outside: temp)

            let error = #expect(throws: ArchiveError.self) { try TarGz.extract(archive, into: destination) }

            #expect(error?.code == .unsafePath)
            #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path).sorted() == ["bad.tar.gz", "dest"])
        }
    }

    @Test func aHarmlessPythonArchiveExtracts() throws {
        try withTemporaryFolder { temp in
            let archive = temp.appendingPathComponent("good.tar.gz")
            let destination = temp.appendingPathComponent("dest")
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
            try makeArchive("none", at: archive, outside: temp)

            #expect(try TarGz.extract(archive, into: destination) == 1)
            #expect(try Data(contentsOf: destination.appendingPathComponent("ok.txt")) == Data("x".utf8))
        }
    }
}
