import CArchive

/// Owns one libarchive handle, frees it exactly once, and is the single door for calls on it.
final class ArchiveHandle {
    enum Kind {
        case reader
        case writer
        case diskWriter
    }

    private let raw: OpaquePointer
    private let kind: Kind
    /// The file this handle reads or writes, named in errors.
    let path: String
    /// What must stay open while libarchive uses it, such as the file it reads.
    private let kept: AnyObject?

    init(_ kind: Kind, path: String, keeping kept: AnyObject? = nil) throws(ArchiveError) {
        let made: OpaquePointer? =
            switch kind {
            case .reader: archive_read_new()
            case .writer: archive_write_new()
            case .diskWriter: archive_write_disk_new()
            }
        guard let made else { throw ArchiveError(.cannotOpen, path: path, message: "out of memory") }
        self.raw = made
        self.kind = kind
        self.path = path
        self.kept = kept
    }

    deinit {
        switch kind {
        case .reader: archive_read_free(raw)
        case .writer, .diskWriter: archive_write_free(raw)
        }
    }

    /// Runs one libarchive call; warnings pass, failures throw `code` with libarchive's message.
    ///
    /// Results are widened to `Int` so status codes and byte counts share this check.
    @discardableResult
    func call(
        _ code: ArchiveError.Code, path: String? = nil, _ body: (OpaquePointer) -> Int
    ) throws(ArchiveError) -> Int {
        let result = body(raw)
        if result >= 0 || result == Int(ARCHIVE_WARN) { return result }
        throw ArchiveError(code, path: path ?? self.path, message: lastError)
    }

    private var lastError: String {
        archive_error_string(raw).map { String(cString: $0) } ?? "unknown libarchive error"
    }
}
