import Foundation
import JSON
import Operations
import Presentation

/// Runs `body` with a fresh demo library in a temporary folder, removed afterwards.
func withDemoLibrary(_ body: (URL) async throws -> Void) async throws {
    try await withTemporaryFolder { folder in
        let library = folder.appendingPathComponent("library", isDirectory: true)
        try DemoLibrary.create(at: library)
        try await body(library)
    }
}

/// Runs `body` with a fresh empty folder, removed afterwards.
func withTemporaryFolder(_ body: (URL) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("interlude-operations-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try await body(folder)
}

/// The JSON in `file`.
func json(_ file: URL) throws -> JSONValue {
    try JSONCoding.decoder.decode(JSONValue.self, from: Data(contentsOf: file))
}

/// The file's text.
func text(_ file: URL) throws -> String {
    try String(contentsOf: file, encoding: .utf8)
}

/// Whether something exists at `url`.
func exists(_ url: URL) -> Bool {
    FileManager.default.fileExists(atPath: url.path)
}

/// Names in `folder`, sorted.
func names(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
}

/// Relative paths of every file and folder below `folder`, mapped to file text (empty for folders).
func snapshot(of folder: URL) throws -> [String: String] {
    var result: [String: String] = [:]
    let base = folder.standardizedFileURL.path + "/"
    for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)! {
        let path = String(url.standardizedFileURL.path.dropFirst(base.count))
        result[path] = (try? text(url)) ?? ""
    }
    return result
}
