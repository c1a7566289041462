import Archive
import Foundation
import TestSupport
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
            if kind == "chain":
                entry("u", tarfile.SYMTYPE, link=".")
                entry("v", tarfile.SYMTYPE, link="u/..")
            if kind == "laterChain":
                entry("b", tarfile.SYMTYPE, link="a/..")
                entry("a", tarfile.SYMTYPE, link=".")
            if kind == "deepChain":
                entry("d/e/up", tarfile.SYMTYPE, link="../..")
                entry("d/e/out", tarfile.SYMTYPE, link="up/../evil")
            if kind == "hardlinkToLink":
                entry("l", tarfile.SYMTYPE, link="ok.txt")
                entry("h", tarfile.LNKTYPE, link="l")
            if kind == "insideLinks":
                entry("sub/f.txt")
                entry("docs", tarfile.SYMTYPE, link="sub")
                entry("again", tarfile.SYMTYPE, link="docs/f.txt")
                entry("hard", tarfile.LNKTYPE, link="sub/f.txt")
        """

    private func makeArchive(_ kind: String, at archive: URL, outside: URL) async throws {
        try await runPython(Self.script, [archive.path, kind, outside.path])
    }

    @Test(arguments: [
        "dotdot", "nestedDotdot", "absolute", "symlinkOut", "absoluteSymlink", "hardlinkOut", "throughSymlink",
        "chain", "laterChain", "deepChain", "hardlinkToLink",
    ])
    func anEntryEscapingTheFolderIsRefusedAndNothingIsWrittenOutside(kind: String) async throws {
        try await withAsyncTemporaryFolder { temp async throws in
            let archive = temp.appendingPathComponent("bad.tar.gz")
            let destination = temp.appendingPathComponent("dest")
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
            try await makeArchive(kind, at: archive, outside: temp)

            let error = #expect(throws: ArchiveError.self) { try TarGz.extract(archive, into: destination) }

            #expect(error?.code == .unsafePath)
            #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path).sorted() == ["bad.tar.gz", "dest"])
        }
    }

    @Test func aHarmlessPythonArchiveExtracts() async throws {
        try await withAsyncTemporaryFolder { temp async throws in
            let archive = temp.appendingPathComponent("good.tar.gz")
            let destination = temp.appendingPathComponent("dest")
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
            try await makeArchive("none", at: archive, outside: temp)

            #expect(try TarGz.extract(archive, into: destination) == 1)
            #expect(try Data(contentsOf: destination.appendingPathComponent("ok.txt")) == Data("x".utf8))
        }
    }

    @Test func linksThatStayInsideAreExtractedAsLinks() async throws {
        try await withAsyncTemporaryFolder { temp async throws in
            let archive = temp.appendingPathComponent("links.tar.gz")
            let destination = temp.appendingPathComponent("dest")
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
            try await makeArchive("insideLinks", at: archive, outside: temp)

            #expect(try TarGz.extract(archive, into: destination) == 5)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: destination.appendingPathComponent("docs").path) == "sub")
            #expect(try Data(contentsOf: destination.appendingPathComponent("again")) == Data("x".utf8))
            #expect(try Data(contentsOf: destination.appendingPathComponent("hard")) == Data("x".utf8))
        }
    }
}
