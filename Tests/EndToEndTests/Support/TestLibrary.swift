import Foundation

/// A small library folder like the product's demo library (made here, since this target cannot
/// depend on Operations): downloads to remove, a project to export.
enum TestLibrary {
    static let tracks = [("t-101", "Blue in Green"), ("t-102", "So What"), ("t-103", "Flamenco Sketches")]

    static func create(at folder: URL) throws {
        for (id, title) in tracks {
            try write(Data("Demo audio for \(title).\n".utf8), to: "downloads/\(id).m4a", in: folder)
        }
        let index = Dictionary(uniqueKeysWithValues: tracks.map { ($0.0, $0.1) })
        try write(try JSONEncoder().encode(index), to: "downloads/index.json", in: folder)
        try write(Data("# Atlas\n".utf8), to: "projects/atlas/README.md", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("exports"), withIntermediateDirectories: true)
    }

    /// The download file of `track`.
    static func download(_ track: String, in library: URL) -> URL {
        library.appendingPathComponent("downloads/\(track).m4a")
    }

    /// Writes `files` files of `megabytes` MB each into `projects/<name>/`, returning the content every
    /// file has. The content is a random megabyte repeated: gzip's 32 KB window finds nothing to
    /// shrink, so archiving it takes about as long as archiving random data.
    static func bigProject(_ name: String, in library: URL, files: Int, megabytes: Int) throws -> Data {
        var generator = SystemRandomNumberGenerator()
        var block = [UInt64](repeating: 0, count: 1 << 17)
        for index in block.indices { block[index] = generator.next() }
        let megabyte = block.withUnsafeBytes { Data($0) }
        var content = Data(capacity: megabyte.count * megabytes)
        for _ in 0..<megabytes { content.append(megabyte) }
        for index in 0..<files {
            try write(content, to: "projects/\(name)/part-\(index).bin", in: library)
        }
        return content
    }

    static func write(_ contents: Data, to path: String, in folder: URL) throws {
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file)
    }
}
