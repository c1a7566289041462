import Archive
import Foundation
import Testing

@Suite struct TarGzRoundTripTests {
    private func makeTree(in source: URL) throws {
        try write(Data("hello\n".utf8), to: "a.txt", in: source)
        try write(Data(), to: "empty", in: source)
        try write(randomBytes(300_000), to: "nested/deeper/bin.dat", in: source)
        try write(Data("ünïcode".utf8), to: "nested/café.txt", in: source)
        try FileManager.default.createDirectory(
            at: source.appendingPathComponent("nested/empty folder"), withIntermediateDirectories: true)
    }

    @Test func extractingACreatedArchiveReproducesTheTreeByteForByte() throws {
        try withTemporaryFolder { temp in
            let source = temp.appendingPathComponent("source")
            let destination = temp.appendingPathComponent("restored")
            let archive = temp.appendingPathComponent("project.tar.gz")
            try makeTree(in: source)
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)

            let size = try TarGz.create(from: source, rootName: "Project", to: archive)
            let count = try TarGz.extract(archive, into: destination)

            let sizeOnDisk = try FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? Int
            #expect(sizeOnDisk.map(Int64.init) == size)
            #expect(count == 8)
            let restored = try snapshot(of: destination.appendingPathComponent("Project"))
            #expect(restored == (try snapshot(of: source)))
        }
    }

    @Test func listNamesEveryEntryUnderTheRootFolder() throws {
        try withTemporaryFolder { temp in
            let source = temp.appendingPathComponent("source")
            let archive = temp.appendingPathComponent("project.tar.gz")
            try makeTree(in: source)
            _ = try TarGz.create(from: source, rootName: "Project", to: archive)

            #expect(
                try TarGz.list(archive) == [
                    "Project/", "Project/a.txt", "Project/empty", "Project/nested/", "Project/nested/café.txt",
                    "Project/nested/deeper/", "Project/nested/deeper/bin.dat", "Project/nested/empty folder/",
                ])
        }
    }

    @Test func progressIsMonotonicAndEndsAtTheContentSize() throws {
        try withTemporaryFolder { temp in
            let source = temp.appendingPathComponent("source")
            try makeTree(in: source)
            try write(randomBytes(1_000_000), to: "large.bin", in: source)
            var reports: [(done: Int64, total: Int64)] = []

            _ = try TarGz.create(from: source, rootName: "P", to: temp.appendingPathComponent("p.tar.gz")) {
                reports.append(($0, $1))
            }

            let total = try TarGz.contentSize(of: source)
            #expect(total == 1_300_000 + 6 + 9)
            #expect(reports.count > 2)
            #expect(reports.allSatisfy { $0.total == total })
            #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.done <= $1.done })
            #expect(reports.last?.done == total)
        }
    }
}
