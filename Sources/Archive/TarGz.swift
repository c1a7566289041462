import CArchive
import Foundation

/// Gzip-compressed tar archives of folders, for project exports and backups.
public enum TarGz {
    private static let chunkSize = 256 * 1024

    /// Archives the regular files and folders below `folder` under a top folder `rootName` into a
    /// gzip-compressed pax tar at `destination`, and returns the archive's size in bytes.
    ///
    /// `progress(bytesDone, bytesTotal)` counts file data: it starts at zero and ends at the total.
    /// Symbolic links and special files are skipped; on failure the partial archive is removed.
    public static func create(
        from folder: URL, rootName: String, to destination: URL,
        progress: (Int64, Int64) -> Void = { _, _ in }
    ) throws(ArchiveError) -> Int64 {
        guard ArchivePath.components(of: rootName)?.count == 1, !rootName.contains("/") else {
            throw ArchiveError(.unsafePath, path: rootName, message: "root name must be one plain path component")
        }
        let tree = try FileTree(scanning: folder, excluding: destination)
        do {
            return try withUTF8Locale { () throws(ArchiveError) in
                try write(tree, from: folder.standardizedFileURL, rootName: rootName, to: destination, progress)
            }
        } catch {
            // A half-written archive must never be mistaken for a finished one.
            try? FileManager.default.removeItem(at: destination)
            throw error
        }
    }

    private static func write(
        _ tree: FileTree, from folder: URL, rootName: String, to destination: URL,
        _ progress: (Int64, Int64) -> Void
    ) throws(ArchiveError) -> Int64 {
        let archive = try ArchiveHandle(.writer, path: destination.path)
        try archive.call(.cannotWrite) { Int(archive_write_add_filter_gzip($0)) }
        try archive.call(.cannotWrite) { Int(archive_write_set_format_pax_restricted($0)) }
        try archive.call(.cannotOpen) { Int(archive_write_open_filename($0, destination.path)) }

        let entry = try ArchiveEntry(path: destination.path)
        let rootItem = FileTree.Item(relativePath: "", kind: .directory, permissions: 0o755, modified: Date())
        entry.describe(rootItem, as: rootName + "/")
        try archive.call(.cannotWrite) { Int(archive_write_header($0, entry.raw)) }

        let total = tree.totalBytes
        var done: Int64 = 0
        progress(done, total)
        for item in tree.items {
            let isDirectory = if case .directory = item.kind { true } else { false }
            entry.describe(item, as: rootName + "/" + item.relativePath + (isDirectory ? "/" : ""))
            try archive.call(.cannotWrite, path: item.relativePath) { Int(archive_write_header($0, entry.raw)) }
            guard case .file(let size) = item.kind, size > 0 else { continue }
            try copy(folder.appendingPathComponent(item.relativePath), size: size, into: archive) { written in
                done += written
                progress(done, total)
            }
        }
        try archive.call(.cannotWrite) { Int(archive_write_close($0)) }
        return try fileSize(destination)
    }

    /// Streams exactly `size` bytes of `file` into the current entry.
    private static func copy(
        _ file: URL, size: Int64, into archive: ArchiveHandle, written: (Int64) -> Void
    ) throws(ArchiveError) {
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: file) } catch {
            throw ArchiveError(.cannotOpen, path: file.path, message: "\(error)")
        }
        defer { try? handle.close() }
        var remaining = size
        while remaining > 0 {
            let chunk: Data
            do { chunk = try handle.read(upToCount: Int(min(Int64(chunkSize), remaining))) ?? Data() } catch {
                throw ArchiveError(.cannotRead, path: file.path, message: "\(error)")
            }
            guard !chunk.isEmpty else {
                throw ArchiveError(.cannotRead, path: file.path, message: "file shrank while being archived")
            }
            let count = try archive.call(.cannotWrite, path: file.path) { raw in
                chunk.withUnsafeBytes { archive_write_data(raw, $0.baseAddress, $0.count) }
            }
            guard count == chunk.count else {
                let message = "short write (\(count) of \(chunk.count) bytes)"
                throw ArchiveError(.cannotWrite, path: file.path, message: message)
            }
            remaining -= Int64(count)
            written(Int64(count))
        }
    }

    /// Total bytes of regular files below `folder`.
    public static func contentSize(of folder: URL) throws(ArchiveError) -> Int64 {
        try FileTree(scanning: folder).totalBytes
    }

    static func fileSize(_ file: URL) throws(ArchiveError) -> Int64 {
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            return (attributes[.size] as? NSNumber)?.int64Value ?? 0
        } catch {
            throw ArchiveError(.cannotOpen, path: file.path, message: "\(error)")
        }
    }
}
