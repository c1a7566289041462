import CArchive
import Foundation

extension TarGz {
    /// Entry paths of an archive, without extracting.
    public static func list(_ archive: URL) throws(ArchiveError) -> [String] {
        try withUTF8Locale { () throws(ArchiveError) in
            let reader = try openReader(archive)
            var names: [String] = []
            while let entry = try nextEntry(reader) {
                names.append(pathname(entry))
                try reader.call(.corrupt) { Int(archive_read_data_skip($0)) }
            }
            return names
        }
    }

    static func openReader(_ archive: URL) throws(ArchiveError) -> ArchiveHandle {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: archive.path, isDirectory: &isDirectory), !isDirectory.boolValue,
            FileManager.default.isReadableFile(atPath: archive.path)
        else { throw ArchiveError(.cannotOpen, path: archive.path, message: "no such readable file") }
        let reader = try ArchiveHandle(.reader, path: archive.path)
        try reader.call(.cannotOpen) { Int(archive_read_support_filter_gzip($0)) }
        try reader.call(.cannotOpen) { Int(archive_read_support_format_tar($0)) }
        // The file is known to be readable, so a failed open means libarchive rejected its format.
        try reader.call(.corrupt) { Int(archive_read_open_filename($0, archive.path, 64 * 1024)) }
        return reader
    }

    /// The next header, owned by `reader` until the following call, or nil at the end.
    static func nextEntry(_ reader: ArchiveHandle) throws(ArchiveError) -> OpaquePointer? {
        var entry: OpaquePointer?
        let result = try reader.call(.corrupt) { Int(archive_read_next_header($0, &entry)) }
        return result == Int(ARCHIVE_EOF) ? nil : entry
    }

    static func pathname(_ entry: OpaquePointer) -> String {
        (archive_entry_pathname_utf8(entry) ?? archive_entry_pathname(entry)).map { String(cString: $0) } ?? ""
    }
}
