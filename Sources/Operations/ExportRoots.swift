import Confinement
public import Foundation

/// The folders exports may be written into (the `exportRoots` setting; by default the library's `exports/`).
///
/// A destination is allowed when its path lies below one of them and resolves inside it: links below a
/// root are followed only while they stay in that root, one open folder at a time.
public struct ExportRoots: Sendable, Hashable {
    /// The allowed folders, the first one offered when a destination is refused.
    public let folders: [URL]

    /// The given folders, or `<library>/exports` when there are none.
    public init(_ folders: [URL], library: URL) {
        self.folders = folders.isEmpty ? [library.appendingPathComponent("exports", isDirectory: true)] : folders
    }

    /// The folder to offer instead of a refused destination.
    public var preferred: URL { folders[0] }

    /// What `destination` (absolute, or relative to the current folder) is.
    enum Place {
        /// Below a root; `relative` is its path below it, to be walked.
        case inside(root: URL, relative: String)
        /// Below none of the roots.
        case outside
    }

    func place(of destination: String) -> Place {
        let absolute = destination.hasPrefix("/") ? destination : FileManager.default.currentDirectoryPath + "/" + destination
        let parts = PathWalk.components(absolute)
        for root in folders {
            let standard = root.standardizedFileURL.path
            // The root as configured and as the disk resolves it, so a root given through a link still matches.
            for prefix in Set([standard, root.resolvingSymlinksInPath().path]) {
                let rootParts = PathWalk.components(prefix)
                if parts.count >= rootParts.count, Array(parts.prefix(rootParts.count)) == rootParts {
                    return .inside(root: root, relative: parts.dropFirst(rootParts.count).joined(separator: "/"))
                }
            }
        }
        return .outside
    }

    /// The destination folder, opened inside its root; nil when it is not allowed (below no root, or a link leads out).
    func open(_ destination: String) throws(ConfinementError) -> Folder? {
        guard case .inside(let root, let relative) = place(of: destination) else { return nil }
        do {
            return try Folder.root(root).folder(relative)
        } catch let error where error.code == .outside {
            return nil
        }
    }
}
