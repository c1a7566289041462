import CArchive
public import Confinement
public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TarGz {
    /// Extracts the .tar.gz read from `input` (named `name` in errors) into `folder`; returns the number of entries.
    ///
    /// Every entry is written through open folders without following a link, so nothing lands outside
    /// `folder`. Refused with `.unsafePath`: absolute paths and `..`; paths through a symbolic link;
    /// links whose target, followed through the archive's other links (chains included), leaves
    /// `folder`, judged as each link arrives and again once every entry is known; hard links to
    /// anything but an earlier regular file; devices, pipes and sockets. A refused archive may leave
    /// the entries before the bad one inside `folder`: extract into a fresh folder and discard it.
    public static func extract(from input: FileHandle, named name: String, into folder: Folder) throws(ArchiveError) -> Int {
        try withUTF8Locale { () throws(ArchiveError) in
            let reader = try openReader(input, named: name)
            var links = ArchiveLinks()
            var count = 0
            while let entry = try nextEntry(reader) {
                count += 1
                try extract(entry, from: reader, into: folder, links: &links)
            }
            if let leaving = links.firstLeaving() {
                throw ArchiveError(
                    .unsafePath, path: leaving, message: "symbolic link to '\(links.links[leaving] ?? "")' leaves the folder through later entries")
            }
            return count
        }
    }

    /// The same from and to paths.
    public static func extract(_ archive: URL, into folder: URL) throws(ArchiveError) -> Int {
        guard let input = FileHandle(forReadingAtPath: archive.path) else {
            throw ArchiveError(.cannotOpen, path: archive.path, message: "no such readable file")
        }
        defer { try? input.close() }
        let destination: Folder
        do { destination = try Folder.root(folder) } catch { throw ArchiveError(.cannotOpen, path: folder.path, message: "\(error)") }
        return try extract(from: input, named: archive.path, into: destination)
    }

    private static func extract(
        _ entry: OpaquePointer, from reader: ArchiveHandle, into root: Folder, links: inout ArchiveLinks
    ) throws(ArchiveError) {
        let name = pathname(entry)
        guard let parts = ArchivePath.components(of: name) else {
            throw ArchiveError(.unsafePath, path: name, message: "absolute path or '..' component")
        }
        guard let leaf = parts.last.map(String.init) else { return }  // "./" is the folder itself.
        for end in parts.indices.dropFirst() where links.isLink(Array(parts[..<end])) {
            throw ArchiveError(.unsafePath, path: name, message: "path goes through a symbolic link")
        }
        let holder = try folder(for: parts.dropLast(), in: root, entry: name)
        let existing: PathEntry = try confined(name) { try holder.entry(leaf) }
        if let target = archive_entry_symlink(entry).map({ String(cString: $0) }) {
            links.addLink(parts, target: target)
            guard links.staysInside(parts, target: target) else {
                throw ArchiveError(.unsafePath, path: name, message: "symbolic link to '\(target)' leaves the folder")
            }
            try confined(name) {
                if existing != .missing { try holder.removeTree(leaf) }
                try holder.makeLink(leaf, to: target)
            }
        } else if let target = archive_entry_hardlink(entry).map({ String(cString: $0) }) {
            guard let targetParts = ArchivePath.components(of: target), links.isFile(targetParts), let targetLeaf = targetParts.last else {
                throw ArchiveError(.unsafePath, path: name, message: "hard link to '\(target)', which is not a file extracted before it")
            }
            let targetHolder = try folder(for: targetParts.dropLast(), in: root, entry: name)
            try confined(name) {
                if existing != .missing { try holder.removeTree(leaf) }
                try holder.makeHardLink(leaf, to: String(targetLeaf), in: targetHolder)
            }
            links.addFile(parts)
        } else if archive_entry_filetype(entry) == EntryType.directory {
            if existing != .folder {
                try confined(name) {
                    if existing != .missing { try holder.removeTree(leaf) }
                    _ = try holder.makeFolder(leaf)
                }
            }
        } else if archive_entry_filetype(entry) == EntryType.regular {
            let output = try confined(name) { () throws -> FileHandle in
                if existing != .missing { try holder.removeTree(leaf) }
                return try holder.createFile(leaf, permissions: mode_t(archive_entry_perm(entry) & 0o777))
            }
            defer { try? output.close() }
            try copyData(from: reader, to: output, name: name)
            links.addFile(parts)
        } else {
            throw ArchiveError(.unsafePath, path: name, message: "unsupported entry type (device, fifo or socket)")
        }
    }

    /// The folder that holds an entry, created as needed; an existing link on the way is refused.
    private static func folder(for parts: ArraySlice<Substring>, in root: Folder, entry name: String) throws(ArchiveError) -> Folder {
        var current = root
        for part in parts.map(String.init) {
            current = try confined(name) { () throws -> Folder in
                switch try current.entry(part) {
                case .folder: return try current.descend(part)
                case .missing: return try current.makeFolder(part)
                default: throw ConfinementError(.notAFolder, path: current.path(of: part), "is not a folder")
                }
            }
        }
        return current
    }

    /// Runs a file-system step of entry `name`, its failure as an archive error.
    private static func confined<T>(_ name: String, _ body: () throws -> T) throws(ArchiveError) -> T {
        do {
            return try body()
        } catch let error as ConfinementError {
            throw ArchiveError(error.code == .outside ? .unsafePath : .cannotWrite, path: name, message: error.description)
        } catch {
            throw ArchiveError(.cannotWrite, path: name, message: "\(error)")
        }
    }

    private static func copyData(from reader: ArchiveHandle, to output: FileHandle, name: String) throws(ArchiveError) {
        var buffer: UnsafeRawPointer?
        var size = 0
        var offset: Int64 = 0
        while try reader.call(.corrupt, { Int(archive_read_data_block($0, &buffer, &size, &offset)) }) != Int(ARCHIVE_EOF) {
            guard let buffer, size > 0 else { continue }
            // Blocks may skip ahead over holes; write each at its own offset.
            let written = pwrite(output.fileDescriptor, buffer, size, off_t(offset))
            guard written == size else {
                throw ArchiveError(.cannotWrite, path: name, message: written < 0 ? String(cString: strerror(errno)) : "short write")
            }
        }
    }
}
