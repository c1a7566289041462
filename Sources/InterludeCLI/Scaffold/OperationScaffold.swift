import Foundation

/// The package `interlude new operation NAME` writes: the operation (a confirmation dialog with a
/// destructive action and a required text field, texts in English and Spanish), a worker executable
/// and harness tests, on the worker SDK of the Interlude checkout at `interlude`.
struct OperationScaffold: Sendable, Hashable {
    /// The operation's name, as clients submit it: lowerCamelCase, such as `archiveLogs`.
    let name: String
    /// The package's name and its library's: `name` with its first letter capitalised (`ArchiveLogs`).
    let typeName: String
    /// The Interlude checkout the package depends on by path.
    let interlude: String
    /// The release the git form in the manifest's comment names.
    let version: String

    /// A scaffold for `name`; refuses a name that is not lowerCamelCase letters and digits (1–64), since
    /// it names a Swift type and starts every catalog key.
    init(name: String, interlude: String, version: String) throws(UsageError) {
        guard (1...64).contains(name.count), let first = name.unicodeScalars.first, ("a"..."z").contains(first),
            name.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.alphanumerics.contains($0) })
        else {
            throw UsageError("\"\(name)\" cannot name a new operation: use 1–64 ASCII letters and digits starting with a lowercase letter, such as archiveLogs")
        }
        self.name = name
        typeName = name.prefix(1).uppercased() + name.dropFirst()
        self.interlude = interlude
        self.version = version
    }

    /// The worker executable's name, such as `archiveLogs-worker`.
    var workerName: String { "\(name)-worker" }

    /// Every file, by its path in the package.
    var files: [String: String] {
        [
            "Package.swift": fill(Self.manifest),
            "Sources/\(typeName)/\(typeName).swift": fill(Self.operation),
            "Sources/\(typeName)/\(typeName)+Texts.swift": fill(Self.texts),
            "Sources/\(workerName)/main.swift": fill(Self.worker),
            "Tests/\(typeName)Tests/\(typeName)Tests.swift": fill(Self.tests),
            ".gitignore": ".build/\n",
        ]
    }

    /// Writes the package into `folder`, which must be missing or empty.
    func write(to folder: URL) throws {
        let manager = FileManager.default
        if let entries = try? manager.contentsOfDirectory(atPath: folder.path), !entries.isEmpty {
            throw UsageError("\(folder.path) is not empty; give --path a new folder")
        }
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file, options: .withoutOverwriting)
        }
    }

    /// `template` with its placeholders replaced.
    private func fill(_ template: String) -> String {
        template.replacingOccurrences(of: "__TYPE__", with: typeName).replacingOccurrences(of: "__NAME__", with: name)
            .replacingOccurrences(of: "__WORKER__", with: workerName).replacingOccurrences(of: "__INTERLUDE__", with: interlude)
            .replacingOccurrences(of: "__VERSION__", with: version)
    }
}
