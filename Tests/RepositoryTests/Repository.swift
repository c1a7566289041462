import Foundation

/// The repository these tests were compiled from, and the text files in it that a build, a test or a
/// run can read.
enum Repository {
    /// The root folder: this file is `Tests/RepositoryTests/Repository.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().standardizedFileURL

    /// Folders and files at the root whose text is checked; build products and version control are not.
    static let checked = [
        "Sources", "Tests", "scripts", "config", "docs", "benchmarks", "Examples", ".ci",
        "Package.swift", "Makefile", "Dockerfile", "docker-compose.yml", "docker-compose.postgres.yml", ".dockerignore", "README.md", "deploy",
    ]

    /// One checked file: its path relative to the root and its text.
    struct File {
        let path: String
        let text: String
    }

    /// Every checked text file (binary files are skipped), in path order.
    static func files() throws -> [File] {
        var files: [File] = []
        for name in checked {
            let start = root.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: start.path, isDirectory: &isDirectory) else { continue }
            let paths = isDirectory.boolValue ? try walk(start) : [start]
            for url in paths {
                guard let data = FileManager.default.contents(atPath: url.path), !data.contains(0),
                    let text = String(data: data, encoding: .utf8)
                else { continue }
                files.append(File(path: relative(url), text: text))
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// `url`'s path below the root, `/`-separated.
    static func relative(_ url: URL) -> String {
        String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
    }

    private static func walk(_ folder: URL) throws -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [])
        else { return [] }
        var found: [URL] = []
        for case let url as URL in enumerator {
            if ["__pycache__", ".build"].contains(url.lastPathComponent) { enumerator.skipDescendants() }
            if (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true { found.append(url) }
        }
        return found
    }
}
