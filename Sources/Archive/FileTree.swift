import Confinement
import Foundation

/// The regular files and folders below a folder, in a stable order, as relative paths.
struct FileTree {
    struct Item {
        enum Kind {
            case directory
            case file(size: Int64)
        }

        /// Path relative to the scanned folder, `/`-separated.
        var relativePath: String
        var kind: Kind
        var permissions: Int
        var modified: Date
        /// The folder holding it and its name there, to open it without walking the path again.
        var holder: Folder?
        var name: String
    }

    var items: [Item] = []

    /// Sum of the sizes of the regular files.
    var totalBytes: Int64 {
        items.reduce(0) { sum, item in
            if case .file(let size) = item.kind { sum + size } else { sum }
        }
    }

    /// Walks `folder` through open descriptors, never following a symbolic link; links and other
    /// file types are skipped. `excluding` keeps an archive being written inside the folder out of it.
    init(scanning folder: Folder, excluding excluded: Folder.FileID? = nil) throws(ArchiveError) {
        try walk(folder, prefix: "", excluding: excluded)
    }

    private mutating func walk(_ folder: Folder, prefix: String, excluding excluded: Folder.FileID?) throws(ArchiveError) {
        do {
            for name in try folder.names() {
                guard let info = try folder.info(name), info.id != excluded else { continue }
                let kind: Item.Kind
                switch info.entry {
                case .folder: kind = .directory
                case .file: kind = .file(size: info.size)
                default: continue
                }
                let relative = prefix + name
                items.append(Item(relativePath: relative, kind: kind, permissions: info.permissions, modified: info.modified, holder: folder, name: name))
                if case .directory = kind { try walk(try folder.descend(name), prefix: relative + "/", excluding: excluded) }
            }
        } catch let error as ConfinementError {
            throw ArchiveError(.cannotOpen, path: error.path, message: error.message)
        } catch {
            throw ArchiveError(.cannotOpen, path: folder.path, message: "\(error)")
        }
    }
}
