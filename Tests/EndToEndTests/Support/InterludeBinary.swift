import Foundation

/// Finds the `interlude` executable built next to this test bundle.
///
/// SwiftPM puts every product of a build in one directory (`<scratch>/debug/`), and the test bundle
/// (`InterludePackageTests.xctest`) is in it, so the binary is found by walking up from the bundle or
/// from the running test executable; that works with any `--scratch-path`. `INTERLUDE_E2E_BINARY`
/// overrides the search.
enum InterludeBinary {
    static func locate() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["INTERLUDE_E2E_BINARY"], !path.isEmpty {
            guard isExecutableFile(path) else { throw EndToEndFailure("INTERLUDE_E2E_BINARY=\(path) is not an executable file") }
            return URL(fileURLWithPath: path)
        }
        var starts = [Bundle(for: Marker.self).bundleURL, Bundle.main.bundleURL, Bundle.main.executableURL]
        if let first = CommandLine.arguments.first { starts.append(URL(fileURLWithPath: first)) }
        var looked: [String] = []
        for start in starts.compactMap({ $0?.standardizedFileURL.resolvingSymlinksInPath() }) {
            var folder = start.deletingLastPathComponent()
            for _ in 0..<5 {
                let candidate = folder.appendingPathComponent("interlude")
                if isExecutableFile(candidate.path) { return candidate }
                if !looked.contains(folder.path) { looked.append(folder.path) }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        throw EndToEndFailure(
            """
            cannot find the `interlude` executable near the test bundle (looked in \(looked.joined(separator: ", "))). \
            Build it together with the tests: `swift build --build-tests --scratch-path <path>`, \
            or set INTERLUDE_E2E_BINARY to its path.
            """)
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }

    private final class Marker: NSObject {}
}

/// A failure of the end-to-end harness itself or of a condition it waited for, with a readable message.
struct EndToEndFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
