public import Foundation
import Primitives

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open folder inside a confinement root: every path below it is resolved through open descriptors
/// (`openat` with `O_NOFOLLOW`), following symbolic links only while they stay inside the root.
///
/// Because each step starts from a descriptor, a folder renamed or replaced by a link after it was
/// checked cannot redirect a later step: there is no gap between checking a path and using it.
public final class Folder: Sendable, CustomStringConvertible {
    let descriptor: Int32
    /// The folder's path as reached (the root's path and the names walked), for messages and results.
    public let path: String
    /// The folder this one was opened from; nil for the root.
    public let parent: Folder?
    /// The root's real path (symbolic links resolved once, when the root was opened).
    let rootPath: String

    init(descriptor: Int32, path: String, parent: Folder?, rootPath: String) {
        self.descriptor = descriptor
        self.path = path
        self.parent = parent
        self.rootPath = rootPath
    }

    deinit { close(descriptor) }

    /// Opens `url` as the root of a confinement; links in the root's own path are followed (it is configuration).
    public static func root(_ url: URL) throws(ConfinementError) -> Folder {
        let path = url.standardizedFileURL.path
        let descriptor: Int32
        do {
            descriptor = try systemCall("open") { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        } catch {
            throw ConfinementError(error.code == ENOENT ? .notFound : .failed, path: path, Self.reason(error.code))
        }
        let real =
            realpath(path, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? path
        return Folder(descriptor: descriptor, path: path, parent: nil, rootPath: real)
    }

    /// The root this folder is confined to.
    public var root: Folder { parent?.root ?? self }

    /// The path.
    public var description: String { path }

    /// The path of `name` in this folder.
    public func path(of name: String) -> String {
        path == "/" ? "/" + name : path + "/" + name
    }

    /// Checks that `name` is one plain component: not empty, `.` or `..`, and without `/` or NUL.
    static func check(_ name: String) throws(ConfinementError) {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0") else {
            throw ConfinementError(.invalidName, path: name, "is not a plain file name")
        }
    }

    /// `strerror` for messages.
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

extension Folder: PathCursor {
    /// What `name` is in this folder, without following a link (`fstatat` with `AT_SYMLINK_NOFOLLOW`).
    public func entry(_ name: String) throws(ConfinementError) -> PathEntry {
        var info = stat()
        do {
            try systemCall("fstatat") { fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) }
        } catch {
            if error.code == ENOENT { return .missing }
            throw ConfinementError(.failed, path: path(of: name), Self.reason(error.code))
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        case S_IFLNK: return .link(try linkTarget(name))
        default: return .other
        }
    }

    /// Opens the folder `name`; a link swapped in since it was looked at is refused (`O_NOFOLLOW`).
    public func descend(_ name: String) throws(ConfinementError) -> Folder {
        let child: Int32
        do {
            child = try systemCall("openat") { openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        } catch {
            let code: ConfinementError.Code =
                switch error.code {
                case ENOENT: .notFound
                case ENOTDIR, ELOOP: .notAFolder
                default: .failed
                }
            throw ConfinementError(code, path: path(of: name), Self.reason(error.code))
        }
        return Folder(descriptor: child, path: path(of: name), parent: self, rootPath: rootPath)
    }

    /// The folder above; nil at the root.
    public var up: Folder? { parent }

    /// The root.
    public var top: Folder { root }

    private func linkTarget(_ name: String) throws(ConfinementError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        do {
            let count = try systemCall("readlinkat") { readlinkat(descriptor, name, &buffer, buffer.count - 1) }
            return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        } catch {
            throw ConfinementError(.failed, path: path(of: name), Self.reason(error.code))
        }
    }
}
