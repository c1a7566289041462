public import Foundation
import Primitives

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Folder {
    /// Creates the folder `name` here and opens it.
    public func makeFolder(_ name: String, permissions: mode_t = 0o755) throws(ConfinementError) -> Folder {
        try Self.check(name)
        do {
            try systemCall("mkdirat") { mkdirat(descriptor, name, permissions) }
        } catch {
            throw ConfinementError(.failed, path: path(of: name), Self.reason(error.code))
        }
        return try descend(name)
    }

    /// Renames `name` to `newName` in `folder` (`renameat`), replacing what is there; both on one file system.
    public func rename(_ name: String, to newName: String, in folder: Folder) throws(ConfinementError) {
        try Self.check(name)
        try Self.check(newName)
        do {
            try systemCall("renameat") { renameat(descriptor, name, folder.descriptor, newName) }
        } catch {
            throw ConfinementError(
                error.code == ENOENT ? .notFound : .failed, path: path(of: name),
                "cannot be renamed to \(folder.path(of: newName)): \(Self.reason(error.code))")
        }
    }

    /// Removes the file, link or empty folder `name` (a link is removed, never what it points to).
    public func remove(_ name: String) throws(ConfinementError) {
        try Self.check(name)
        let flags: Int32 = (try entry(name)) == .folder ? AT_REMOVEDIR : 0
        do {
            try systemCall("unlinkat") { unlinkat(descriptor, name, flags) }
        } catch {
            throw ConfinementError(error.code == ENOENT ? .notFound : .failed, path: path(of: name), Self.reason(error.code))
        }
    }

    /// Removes `name` and, if it is a folder, everything in it; links inside are removed, not followed.
    public func removeTree(_ name: String) throws(ConfinementError) {
        try Self.check(name)
        if try entry(name) == .folder {
            let folder = try descend(name)
            for child in try folder.names() { try folder.removeTree(child) }
        }
        try remove(name)
    }

    /// Bytes an unprivileged process may still write on this folder's file system (`fstatvfs`).
    public var availableBytes: Int64? {
        var info = statvfs()
        guard (try? systemCall("fstatvfs") { fstatvfs(descriptor, &info) }) != nil else { return nil }
        let (bytes, overflow) = Int64(info.f_bavail).multipliedReportingOverflow(by: Int64(info.f_frsize))
        return overflow ? Int64.max : bytes
    }

    /// Whether this process may create entries here.
    public var isWritable: Bool {
        faccessat(descriptor, ".", W_OK, 0) == 0
    }
}
