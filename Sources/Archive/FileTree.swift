import Foundation

/// The regular files and directories below a folder, in a stable order, as relative paths.
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
    }

    var items: [Item] = []

    /// Sum of the sizes of the regular files.
    var totalBytes: Int64 {
        items.reduce(0) { sum, item in
            if case .file(let size) = item.kind { sum + size } else { sum }
        }
    }

    /// Walks `folder` without following symbolic links below it; other file types are skipped.
    ///
    /// `excluding` keeps an archive being written inside the folder out of its own contents.
    init(scanning folder: URL, excluding excluded: URL? = nil) throws(ArchiveError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw ArchiveError(.cannotOpen, path: folder.path, message: "no such folder") }
        try walk(folder.standardizedFileURL.path, prefix: "", excluding: excluded?.standardizedFileURL.path)
    }

    private mutating func walk(_ directory: String, prefix: String, excluding excluded: String?) throws(ArchiveError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw ArchiveError(.cannotOpen, path: directory, message: "\(error)")
        }
        for name in names {
            let path = directory + "/" + name
            guard path != excluded else { continue }
            let attributes: [FileAttributeKey: Any]
            do {
                attributes = try FileManager.default.attributesOfItem(atPath: path)
            } catch {
                throw ArchiveError(.cannotOpen, path: path, message: "\(error)")
            }
            let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0o644
            let modified = attributes[.modificationDate] as? Date ?? Date(timeIntervalSince1970: 0)
            let relative = prefix + name
            let kind: Item.Kind
            switch attributes[.type] as? FileAttributeType {
            case .typeDirectory?: kind = .directory
            case .typeRegular?: kind = .file(size: (attributes[.size] as? NSNumber)?.int64Value ?? 0)
            default: continue
            }
            items.append(Item(relativePath: relative, kind: kind, permissions: permissions, modified: modified))
            if case .directory = kind { try walk(path, prefix: relative + "/", excluding: excluded) }
        }
    }
}
