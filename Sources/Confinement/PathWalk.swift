/// What one name in a folder is, without following it.
public enum PathEntry: Sendable, Hashable {
    case missing
    case folder
    case file
    /// A device, socket or pipe.
    case other
    /// A symbolic link and its target, as stored.
    case link(String)
}

/// A place to walk from: a folder on disk (`Folder`), or a folder of an archive being checked.
public protocol PathCursor {
    /// What `name` is here, without following a link.
    func entry(_ name: String) throws(ConfinementError) -> PathEntry
    /// The folder `name` below this one (an entry that is a folder).
    func descend(_ name: String) throws(ConfinementError) -> Self
    /// The folder above this one; nil at the root of the confinement.
    var up: Self? { get }
    /// The root of the confinement.
    var top: Self { get }
}

/// Resolves paths one component at a time, following symbolic links only while they stay inside the root.
///
/// It is `openat`-style: every step starts from the folder the previous one reached, so no component
/// is looked up twice by name (on disk, each folder is an open descriptor). `..` at the root, a link
/// that climbs out, or an absolute link not below the root's own path are refused as `outside`.
public enum PathWalk {
    /// The most links one walk follows, as Linux's `MAXSYMLINKS`.
    public static let maxLinks = 40

    /// Where `path` leads from `start`: the folder that holds its last component and that component's
    /// name, which is never a link when `followLast`; the name is nil when the path names a folder reached.
    ///
    /// `rootPath` is the root's real path, against which absolute link targets are judged; nil refuses them.
    public static func resolve<Cursor: PathCursor>(
        _ path: String, from start: Cursor, rootPath: String?, followLast: Bool = true
    ) throws(ConfinementError) -> (folder: Cursor, name: String?) {
        var current = start
        var queue = components(path)
        if path.hasPrefix("/") {
            guard let remainder = relative(path, to: rootPath) else { throw ConfinementError(.outside, path: path, "is not inside the folder") }
            current = start.top
            queue = remainder
        }
        var links = 0
        while !queue.isEmpty {
            let name = queue.removeFirst()
            if name == ".." {
                guard let up = current.up else { throw ConfinementError(.outside, path: path, "climbs out of the folder") }
                current = up
                continue
            }
            let isLast = queue.isEmpty
            switch try current.entry(name) {
            case .link(let target):
                if isLast && !followLast { return (current, name) }
                links += 1
                guard links <= maxLinks else { throw ConfinementError(.tooManyLinks, path: path, "has more than \(maxLinks) symbolic links on its way") }
                if target.hasPrefix("/") {
                    guard let remainder = relative(target, to: rootPath) else {
                        throw ConfinementError(.outside, path: path, "goes through a symbolic link to \(target), outside the folder")
                    }
                    current = current.top
                    queue = remainder + queue
                } else {
                    queue = components(target) + queue
                }
            case .folder where !isLast:
                current = try current.descend(name)
            case .missing, .file, .other, .folder:
                if isLast { return (current, name) }
                throw ConfinementError(.notFound, path: path, "has no folder \(name) on its way")
            }
        }
        return (current, nil)
    }

    /// The components of `path`, without empty ones and `.`.
    public static func components(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init).filter { $0 != "." }
    }

    /// The components of absolute `path` below `root`, or nil when it is not below it.
    static func relative(_ path: String, to root: String?) -> [String]? {
        guard let root else { return nil }
        let rootParts = components(root)
        let parts = components(path)
        guard parts.count >= rootParts.count, Array(parts.prefix(rootParts.count)) == rootParts else { return nil }
        return Array(parts.dropFirst(rootParts.count))
    }
}
