import CArchive
public import Confinement
public import Foundation

/// Gzip-compressed tar archives of folders, for project exports and backups.
public enum TarGz {
    static let chunkSize = 256 * 1024

    /// Archives the regular files and folders below `folder` under a top folder `rootName` into
    /// `output` (a gzip-compressed pax tar), and returns the archive's size in bytes.
    ///
    /// Every file is reached through open folders without following a link (links and special files
    /// are skipped). `progress(bytesDone, bytesTotal)` counts file data from zero to the total.
    /// `name` names the output in errors; on failure the caller removes what was written.
    public static func create(
        from folder: Folder, rootName: String, to output: FileHandle, named name: String,
        progress: (Int64, Int64) -> Void = { _, _ in }
    ) throws(ArchiveError) -> Int64 {
        guard ArchivePath.components(of: rootName)?.count == 1, !rootName.contains("/") else {
            throw ArchiveError(.unsafePath, path: rootName, message: "root name must be one plain path component")
        }
        let tree = try FileTree(scanning: folder, excluding: Folder.FileID(output))
        return try withUTF8Locale { () throws(ArchiveError) in
            try write(tree, rootName: rootName, to: output, named: name, progress)
        }
    }

    /// The same from and to paths: `folder` is opened as a root, `destination` created or replaced.
    ///
    /// On failure the partial archive is removed.
    public static func create(
        from folder: URL, rootName: String, to destination: URL, progress: (Int64, Int64) -> Void = { _, _ in }
    ) throws(ArchiveError) -> Int64 {
        let source: Folder
        do { source = try Folder.root(folder) } catch { throw ArchiveError(.cannotOpen, path: folder.path, message: error.message) }
        guard FileManager.default.createFile(atPath: destination.path, contents: nil),
            let output = FileHandle(forWritingAtPath: destination.path)
        else { throw ArchiveError(.cannotOpen, path: destination.path, message: "cannot be created") }
        do {
            defer { try? output.close() }
            return try create(from: source, rootName: rootName, to: output, named: destination.path, progress: progress)
        } catch {
            // A half-written archive must never be mistaken for a finished one.
            try? FileManager.default.removeItem(at: destination)
            throw error
        }
    }

    private static func write(
        _ tree: FileTree, rootName: String, to output: FileHandle, named name: String, _ progress: (Int64, Int64) -> Void
    ) throws(ArchiveError) -> Int64 {
        let archive = try ArchiveHandle(.writer, path: name)
        try archive.call(.cannotWrite) { Int(archive_write_add_filter_gzip($0)) }
        try archive.call(.cannotWrite) { Int(archive_write_set_format_pax_restricted($0)) }
        try archive.call(.cannotOpen) { Int(archive_write_open_fd($0, output.fileDescriptor)) }

        let entry = try ArchiveEntry(path: name)
        let rootItem = FileTree.Item(relativePath: "", kind: .directory, permissions: 0o755, modified: Date(), holder: nil, name: rootName)
        entry.describe(rootItem, as: rootName + "/")
        try archive.call(.cannotWrite) { Int(archive_write_header($0, entry.raw)) }

        let total = tree.totalBytes
        var done: Int64 = 0
        progress(done, total)
        for item in tree.items {
            let isDirectory = if case .directory = item.kind { true } else { false }
            entry.describe(item, as: rootName + "/" + item.relativePath + (isDirectory ? "/" : ""))
            try archive.call(.cannotWrite, path: item.relativePath) { Int(archive_write_header($0, entry.raw)) }
            guard case .file(let size) = item.kind, size > 0, let holder = item.holder else { continue }
            try copy(item.name, in: holder, size: size, into: archive) { written in
                done += written
                progress(done, total)
            }
        }
        try archive.call(.cannotWrite) { Int(archive_write_close($0)) }
        guard let size = try? output.seekToEnd() else { throw ArchiveError(.cannotWrite, path: name, message: "cannot tell its size") }
        return Int64(size)
    }

    /// Streams exactly `size` bytes of the file `name` in `holder` into the current entry.
    private static func copy(
        _ name: String, in holder: Folder, size: Int64, into archive: ArchiveHandle, written: (Int64) -> Void
    ) throws(ArchiveError) {
        let path = holder.path(of: name)
        let handle: FileHandle
        do { handle = try holder.openFile(name) } catch { throw ArchiveError(.cannotOpen, path: path, message: error.message) }
        var remaining = size
        while remaining > 0 {
            let chunk: Data
            do { chunk = try handle.read(upToCount: Int(min(Int64(chunkSize), remaining))) ?? Data() } catch {
                throw ArchiveError(.cannotRead, path: path, message: "\(error)")
            }
            guard !chunk.isEmpty else {
                throw ArchiveError(.cannotRead, path: path, message: "file shrank while being archived")
            }
            let count = try archive.call(.cannotWrite, path: path) { raw in
                chunk.withUnsafeBytes { archive_write_data(raw, $0.baseAddress, $0.count) }
            }
            guard count == chunk.count else {
                throw ArchiveError(.cannotWrite, path: path, message: "short write (\(count) of \(chunk.count) bytes)")
            }
            remaining -= Int64(count)
            written(Int64(count))
        }
    }

    /// Total bytes of regular files below `folder`.
    public static func contentSize(of folder: Folder) throws(ArchiveError) -> Int64 {
        try FileTree(scanning: folder).totalBytes
    }

    /// Total bytes of regular files below the folder at `url`.
    public static func contentSize(of url: URL) throws(ArchiveError) -> Int64 {
        do { return try contentSize(of: try Folder.root(url)) } catch let error as ConfinementError {
            throw ArchiveError(.cannotOpen, path: url.path, message: error.message)
        } catch let error as ArchiveError {
            throw error
        } catch {
            throw ArchiveError(.cannotOpen, path: url.path, message: "\(error)")
        }
    }
}
