import CArchive
import Foundation

/// Owns one reusable `archive_entry` for writing, freed exactly once.
final class ArchiveEntry {
    let raw: OpaquePointer

    init(path: String) throws(ArchiveError) {
        guard let made = archive_entry_new() else {
            throw ArchiveError(.cannotWrite, path: path, message: "out of memory")
        }
        raw = made
    }

    deinit { archive_entry_free(raw) }

    /// Resets the entry to describe `item` stored under `pathname`.
    func describe(_ item: FileTree.Item, as pathname: String) {
        archive_entry_clear(raw)
        archive_entry_set_pathname_utf8(raw, pathname)
        switch item.kind {
        case .directory:
            archive_entry_set_filetype(raw, EntryType.directory)
        case .file(let size):
            archive_entry_set_filetype(raw, EntryType.regular)
            archive_entry_set_size(raw, size)
        }
        archive_entry_set_perm(raw, mode_t(item.permissions))
        let seconds = item.modified.timeIntervalSince1970.rounded(.down)
        archive_entry_set_mtime(raw, time_t(seconds), Int((item.modified.timeIntervalSince1970 - seconds) * 1e9))
    }
}
