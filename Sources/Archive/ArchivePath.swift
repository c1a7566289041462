/// Lexical checks that keep extracted entries and their links inside the destination folder.
enum ArchivePath {
    /// The components of a relative entry path with `.` removed, or nil if it is absolute or has `..`.
    static func components(of path: String) -> [Substring]? {
        guard !path.hasPrefix("/"), !path.contains("\0") else { return nil }
        let parts = path.split(separator: "/").filter { $0 != "." }
        return parts.contains("..") ? nil : parts
    }

    /// Whether a symbolic link at `entry` pointing to `target` resolves inside the root.
    static func linkStaysInside(entry: [Substring], target: String) -> Bool {
        guard !target.hasPrefix("/"), !target.isEmpty else { return false }
        var resolved = Array(entry.dropLast())
        for part in target.split(separator: "/") where part != "." {
            if part == ".." {
                guard !resolved.isEmpty else { return false }
                resolved.removeLast()
            } else {
                resolved.append(part)
            }
        }
        return true
    }
}
