import CArchive
public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        guard let input = FileHandle(forReadingAtPath: archive.path) else {
            throw ArchiveError(.cannotOpen, path: archive.path, message: "no such readable file")
        }
        return try openReader(input, named: archive.path)
    }

    /// A reader of the .tar.gz on `input`, which it keeps open until the reader is freed.
    static func openReader(_ input: FileHandle, named name: String) throws(ArchiveError) -> ArchiveHandle {
        var info = stat()
        guard fstat(input.fileDescriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ArchiveError(.cannotOpen, path: name, message: "not a regular file")
        }
        let reader = try ArchiveHandle(.reader, path: name, keeping: input)
        try reader.call(.cannotOpen) { Int(archive_read_support_filter_gzip($0)) }
        try reader.call(.cannotOpen) { Int(archive_read_support_format_tar($0)) }
        // The file is open and regular, so a failed open means libarchive rejected its format.
        try reader.call(.corrupt) { Int(archive_read_open_fd($0, input.fileDescriptor, 64 * 1024)) }
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
