import CArchive
import Foundation

extension TarGz {
    /// Extracts a .tar.gz into the existing `folder` and returns the number of entries.
    ///
    /// Absolute paths, `..` components, paths through symbolic links and links that point
    /// outside `folder` are refused with `.unsafePath`.
    /// Entries are checked one by one as they stream past, so a refused archive may leave the
    /// entries before the bad one inside `folder`, but never anything outside it.
    public static func extract(_ archive: URL, into folder: URL) throws(ArchiveError) -> Int {
        try withUTF8Locale { () throws(ArchiveError) in try extractEntries(archive, into: folder) }
    }

    private static func extractEntries(_ archive: URL, into folder: URL) throws(ArchiveError) -> Int {
        let base = try extractionRoot(folder)
        let reader = try openReader(archive)
        let disk = try ArchiveHandle(.diskWriter, path: base)
        // Entry paths are rewritten to absolute paths under `base` (libarchive has no base
        // directory and chdir is process-wide), so NOABSOLUTEPATHS is enforced by ArchivePath.
        let flags = ARCHIVE_EXTRACT_TIME | ARCHIVE_EXTRACT_SECURE_SYMLINKS | ARCHIVE_EXTRACT_SECURE_NODOTDOT
        try disk.call(.cannotWrite) { Int(archive_write_disk_set_options($0, flags)) }

        var symlinks: Set<String> = []
        var count = 0
        while let entry = try nextEntry(reader) {
            count += 1
            let name = pathname(entry)
            let parts = try checkedComponents(name, symlinks: symlinks)
            if parts.isEmpty { continue }  // "./" is the destination folder itself.
            let relative = parts.joined(separator: "/")
            try checkLinks(entry, name: name, parts: parts, base: base, symlinks: &symlinks)
            archive_entry_copy_pathname(entry, base + "/" + relative)
            try disk.call(.cannotWrite, path: name) { Int(archive_write_header($0, entry)) }
            try copyData(from: reader, to: disk, name: name)
            try disk.call(.cannotWrite, path: name) { Int(archive_write_finish_entry($0)) }
        }
        try disk.call(.cannotWrite) { Int(archive_write_close($0)) }
        return count
    }

    private static func extractionRoot(_ folder: URL) throws(ArchiveError) -> String {
        // Resolved so that SECURE_SYMLINKS judges only the archive's own components.
        let path = folder.resolvingSymlinksInPath().standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ArchiveError(.cannotOpen, path: folder.path, message: "no such folder")
        }
        return path == "/" ? "" : path
    }

    private static func checkedComponents(_ name: String, symlinks: Set<String>) throws(ArchiveError) -> [Substring] {
        guard let parts = ArchivePath.components(of: name) else {
            throw ArchiveError(.unsafePath, path: name, message: "absolute path or '..' component")
        }
        for end in parts.indices.dropFirst() where symlinks.contains(parts[..<end].joined(separator: "/")) {
            throw ArchiveError(.unsafePath, path: name, message: "path goes through a symbolic link")
        }
        return parts
    }

    private static func checkLinks(
        _ entry: OpaquePointer, name: String, parts: [Substring], base: String, symlinks: inout Set<String>
    ) throws(ArchiveError) {
        if let target = archive_entry_symlink(entry).map({ String(cString: $0) }) {
            guard ArchivePath.linkStaysInside(entry: parts, target: target) else {
                throw ArchiveError(.unsafePath, path: name, message: "symbolic link to '\(target)' leaves the folder")
            }
            symlinks.insert(parts.joined(separator: "/"))
        } else if let target = archive_entry_hardlink(entry).map({ String(cString: $0) }) {
            guard let targetParts = ArchivePath.components(of: target), !targetParts.isEmpty else {
                throw ArchiveError(.unsafePath, path: name, message: "hard link to '\(target)' leaves the folder")
            }
            archive_entry_copy_hardlink(entry, base + "/" + targetParts.joined(separator: "/"))
        } else {
            let type = archive_entry_filetype(entry)
            guard type == EntryType.regular || type == EntryType.directory else {
                throw ArchiveError(.unsafePath, path: name, message: "unsupported entry type (device, fifo or socket)")
            }
        }
    }

    private static func copyData(
        from reader: ArchiveHandle, to disk: ArchiveHandle, name: String
    ) throws(ArchiveError) {
        var buffer: UnsafeRawPointer?
        var size = 0
        var offset: Int64 = 0
        while try reader.call(.corrupt, { Int(archive_read_data_block($0, &buffer, &size, &offset)) })
            != Int(ARCHIVE_EOF)
        {
            try disk.call(.cannotWrite, path: name) { archive_write_data_block($0, buffer, size, offset) }
        }
    }
}
