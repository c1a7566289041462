import Archive
import Foundation
import Testing

@Suite struct TarGzFailureTests {
    @Test func aMissingSourceFolderThrowsCannotOpenWithItsPath() throws {
        try withTemporaryFolder { temp in
            let missing = temp.appendingPathComponent("missing")
            let error = #expect(throws: ArchiveError.self) {
                try TarGz.create(from: missing, rootName: "P", to: temp.appendingPathComponent("p.tar.gz"))
            }
            #expect(error?.code == .cannotOpen)
            #expect(error?.path == missing.path)
            #expect(!FileManager.default.fileExists(atPath: temp.appendingPathComponent("p.tar.gz").path))
        }
    }

    @Test func aTruncatedArchiveThrowsCorrupt() throws {
        try withTemporaryFolder { temp in
            let source = temp.appendingPathComponent("source")
            let archive = temp.appendingPathComponent("p.tar.gz")
            let destination = temp.appendingPathComponent("out")
            try write(randomBytes(200_000), to: "data.bin", in: source)
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
            let size = try TarGz.create(from: source, rootName: "P", to: archive)
            try Data(contentsOf: archive).prefix(Int(size / 2)).write(to: archive)

            let error = #expect(throws: ArchiveError.self) { try TarGz.extract(archive, into: destination) }
            #expect(error?.code == .corrupt)
            #expect(error?.message.isEmpty == false)
        }
    }

    @Test func bytesThatAreNotAnArchiveThrowCorrupt() throws {
        try withTemporaryFolder { temp in
            let archive = temp.appendingPathComponent("garbage.tar.gz")
            try randomBytes(4096).write(to: archive)
            let error = #expect(throws: ArchiveError.self) { try TarGz.list(archive) }
            #expect(error?.code == .corrupt)
        }
    }

    @Test func aMissingArchiveThrowsCannotOpen() throws {
        try withTemporaryFolder { temp in
            let archive = temp.appendingPathComponent("none.tar.gz")
            let error = #expect(throws: ArchiveError.self) { try TarGz.list(archive) }
            #expect(error?.code == .cannotOpen)
            #expect(error?.path == archive.path)
        }
    }
}
