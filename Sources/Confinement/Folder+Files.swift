public import Foundation
import Primitives

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Folder {
    /// What `stat` says about one entry, never following a link.
    public struct Info: Sendable, Hashable {
        /// What it is.
        public let entry: PathEntry
        /// Its size in bytes (a regular file's content).
        public let size: Int64
        /// Its permission bits.
        public let permissions: Int
        /// When its content last changed.
        public let modified: Date
        /// The file system's identity of the entry, to recognise one file under two names.
        public let id: FileID
    }

    /// A file's device and inode numbers.
    public struct FileID: Sendable, Hashable {
        let device: UInt64
        let inode: UInt64

        /// The identity of the open file `handle`.
        public init?(_ handle: FileHandle) {
            var info = stat()
            guard fstat(handle.fileDescriptor, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// The names in this folder, sorted, without `.` and `..`.
    public func names() throws(ConfinementError) -> [String] {
        let listing: Int32
        do {
            listing = try systemCall("openat") { openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        } catch {
            throw ConfinementError(.failed, path: path, Self.reason(error.code))
        }
        guard let directory = fdopendir(listing) else {
            close(listing)
            throw ConfinementError(.failed, path: path, Self.reason(errno))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// `stat` of `name` without following it; nil when it does not exist.
    public func info(_ name: String) throws(ConfinementError) -> Info? {
        try Self.check(name)
        var info = stat()
        do {
            try systemCall("fstatat") { fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) }
        } catch {
            if error.code == ENOENT { return nil }
            throw ConfinementError(.failed, path: path(of: name), Self.reason(error.code))
        }
        let entry = try entry(name)
        let modified = Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
        return Info(entry: entry, size: Int64(info.st_size), permissions: Int(info.st_mode & 0o7777), modified: modified, id: FileID(info))
    }

    /// Opens the regular file `name` for reading; a link is refused, not followed.
    public func openFile(_ name: String) throws(ConfinementError) -> FileHandle {
        try Self.check(name)
        return FileHandle(fileDescriptor: try open(name, O_RDONLY), closeOnDealloc: true)
    }

    /// Creates the file `name`, which must not exist yet (`O_EXCL`), and opens it for writing.
    public func createFile(_ name: String, permissions: mode_t = 0o644) throws(ConfinementError) -> FileHandle {
        try Self.check(name)
        return FileHandle(fileDescriptor: try open(name, O_WRONLY | O_CREAT | O_EXCL, permissions), closeOnDealloc: true)
    }

    /// The whole content of the regular file `name`.
    public func read(_ name: String) throws(ConfinementError) -> Data {
        let handle = try openFile(name)
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw ConfinementError(.failed, path: path(of: name), "\(error)")
        }
    }

    /// Replaces `name` with `data` through a new hidden file and a rename, so readers see the old or the new content.
    public func write(_ data: Data, to name: String) throws(ConfinementError) {
        try Self.check(name)
        let temporary = ".\(name).tmp-\(UUID().uuidString)"
        let handle = try createFile(temporary)
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
        } catch {
            try? remove(temporary)
            throw ConfinementError(.failed, path: path(of: name), "\(error)")
        }
        do {
            try rename(temporary, to: name, in: self)
        } catch {
            try? remove(temporary)
            throw error
        }
    }

    private func open(_ name: String, _ flags: Int32, _ permissions: mode_t = 0) throws(ConfinementError) -> Int32 {
        do {
            return try systemCall("openat") { openat(descriptor, name, flags | O_NOFOLLOW | O_CLOEXEC, permissions) }
        } catch {
            let code: ConfinementError.Code =
                switch error.code {
                case ENOENT: .notFound
                case ELOOP: .outside
                default: .failed
                }
            let message = error.code == ELOOP ? "is a symbolic link, which is not followed here" : Self.reason(error.code)
            throw ConfinementError(code, path: path(of: name), message)
        }
    }
}
