import Foundation

/// Runs `body` with a fresh folder under the system temporary directory, removed afterwards.
func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("interlude-archive-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

/// The same for a body that awaits.
func withAsyncTemporaryFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("interlude-archive-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

/// Writes `contents` to `path` below `folder`, creating intermediate folders.
func write(_ contents: Data, to path: String, in folder: URL) throws {
    let file = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try contents.write(to: file)
}

/// Relative paths below `folder` mapped to file contents, or nil for folders.
func snapshot(of folder: URL) throws -> [String: Data?] {
    var result: [String: Data?] = [:]
    let base = folder.standardizedFileURL.path + "/"
    for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)! {
        let path = String(url.standardizedFileURL.path.dropFirst(base.count))
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        result[path] = isDirectory.boolValue ? Data?.none : try Data(contentsOf: url)
    }
    return result
}

/// Incompressible bytes, so archives of them are large enough to truncate meaningfully.
///
/// Eight bytes per step of a xorshift generator: a byte at a time from the system generator took seconds
/// per megabyte in a debug build, holding a cooperative thread that other tests were waiting for.
func randomBytes(_ count: Int) -> Data {
    var state = UInt64.random(in: 1 ... .max)
    var data = Data(capacity: count + 8)
    while data.count < count {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        withUnsafeBytes(of: state) { data.append(contentsOf: $0) }
    }
    return data.prefix(count)
}
