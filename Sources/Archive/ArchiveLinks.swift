import Confinement

/// The links, files and folders an archive has extracted so far, to resolve a link target the way
/// the file system will once everything is on disk: through earlier links, chains included.
struct ArchiveLinks {
    private(set) var links: [String: String] = [:]
    private var files: Set<String> = []

    /// Remembers a symbolic link at `parts`.
    mutating func addLink(_ parts: [Substring], target: String) {
        links[parts.joined(separator: "/")] = target
    }

    /// Remembers a regular file at `parts`.
    mutating func addFile(_ parts: [Substring]) {
        files.insert(parts.joined(separator: "/"))
    }

    /// Whether `parts` is a regular file extracted earlier (a hard link may point only to one).
    func isFile(_ parts: [Substring]) -> Bool { files.contains(parts.joined(separator: "/")) }

    /// Whether `parts` is a link extracted earlier.
    func isLink(_ parts: [Substring]) -> Bool { links[parts.joined(separator: "/")] != nil }

    /// Whether the link `target` stored at `parts` resolves inside the root, following every link known.
    func staysInside(_ parts: [Substring], target: String) -> Bool {
        let from = Cursor(parts: parts.dropLast().map(String.init), model: self)
        do {
            _ = try PathWalk.resolve(target, from: from, rootPath: nil)
            return true
        } catch {
            return false
        }
    }

    /// The first link, in path order, that no longer stays inside now that every entry is known.
    func firstLeaving() -> String? {
        links.keys.sorted().first { key in
            !staysInside(key.split(separator: "/"), target: links[key] ?? "")
        }
    }

    /// A place in the archive's tree. A name not extracted (yet) reads as a plain folder: nothing can be
    /// reached through it but what the archive puts there itself.
    struct Cursor: PathCursor {
        let parts: [String]
        let model: ArchiveLinks

        func entry(_ name: String) -> PathEntry {
            let key = (parts + [name]).joined(separator: "/")
            if let target = model.links[key] { return .link(target) }
            return model.files.contains(key) ? .file : .folder
        }

        func descend(_ name: String) -> Cursor { Cursor(parts: parts + [name], model: model) }
        var up: Cursor? { parts.isEmpty ? nil : Cursor(parts: Array(parts.dropLast()), model: model) }
        var top: Cursor { Cursor(parts: [], model: model) }
    }
}
