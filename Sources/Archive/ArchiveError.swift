/// A failure while creating, reading or extracting an archive, with the path it concerns.
public struct ArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure happened.
    public enum Code: String, Sendable, Hashable {
        /// A file or folder could not be opened (missing, unreadable, not a folder).
        case cannotOpen
        /// Reading a source file failed.
        case cannotRead
        /// Writing the archive or an extracted file failed.
        case cannotWrite
        /// An entry's path or link target would land outside the extraction folder.
        case unsafePath
        /// The archive is truncated, damaged or not a tar.gz.
        case corrupt
    }

    /// What kind of failure happened.
    public var code: Code
    /// The file, folder or entry path the failure concerns.
    public var path: String
    /// A human-readable explanation, from libarchive when it reported one.
    public var message: String

    /// Creates an error for `path`.
    public init(_ code: Code, path: String, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// One line naming the failure, the path and the reason.
    public var description: String {
        "archive \(code.rawValue): \(path): \(message)"
    }
}
