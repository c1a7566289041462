import Foundation
import Primitives

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Folder {
    /// Creates the symbolic link `name` here pointing to `target`, stored as given.
    public func makeLink(_ name: String, to target: String) throws(ConfinementError) {
        try Self.check(name)
        do {
            try systemCall("symlinkat") { symlinkat(target, descriptor, name) }
        } catch {
            throw ConfinementError(.failed, path: path(of: name), Self.reason(error.code))
        }
    }

    /// Creates `name` here as another name of the file `existing` in `folder` (a hard link; links are not followed).
    public func makeHardLink(_ name: String, to existing: String, in folder: Folder) throws(ConfinementError) {
        try Self.check(name)
        try Self.check(existing)
        do {
            try systemCall("linkat") { linkat(folder.descriptor, existing, descriptor, name, 0) }
        } catch {
            throw ConfinementError(.failed, path: path(of: name), "cannot link to \(folder.path(of: existing)): \(Self.reason(error.code))")
        }
    }

    /// This folder as the root of a confinement of its own, for checking what lies below it.
    public func asRoot() throws(ConfinementError) -> Folder {
        let copy: Int32
        do {
            copy = try systemCall("fcntl(F_DUPFD_CLOEXEC)") { fcntl(descriptor, F_DUPFD_CLOEXEC, 0) }
        } catch {
            throw ConfinementError(.failed, path: path, Self.reason(error.code))
        }
        let real =
            realpath(path, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? path
        return Folder(descriptor: copy, path: path, parent: nil, rootPath: real)
    }

    /// Every symbolic link below this folder whose target, followed through the other links, leaves the
    /// root, as paths relative to this folder; links to nothing (dangling) are harmless and not listed.
    public func linksLeavingRoot() throws(ConfinementError) -> [String] {
        var leaving: [String] = []
        for name in try names() {
            switch try entry(name) {
            case .folder:
                leaving += try descend(name).linksLeavingRoot().map { "\(name)/\($0)" }
            case .link(let target):
                do {
                    _ = try PathWalk.resolve(target, from: self, rootPath: rootPath)
                } catch let error where error.code == .outside || error.code == .tooManyLinks {
                    leaving.append(name)
                } catch {
                    continue
                }
            default:
                continue
            }
        }
        return leaving
    }
}
