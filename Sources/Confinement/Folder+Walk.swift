extension Folder {
    /// The folder `relative` names below this one; links are followed while they stay inside the root.
    public func folder(_ relative: String) throws(ConfinementError) -> Folder {
        let (holder, name) = try PathWalk.resolve(relative, from: self, rootPath: rootPath)
        guard let name else { return holder }
        switch try holder.entry(name) {
        case .folder: return try holder.descend(name)
        case .missing: throw ConfinementError(.notFound, path: holder.path(of: name), "does not exist")
        default: throw ConfinementError(.notAFolder, path: holder.path(of: name), "is not a folder")
        }
    }

    /// Where `relative` leads: the folder that holds its last entry and that entry's name, which is
    /// never a link (a link at the end is followed) and may not exist yet.
    public func place(_ relative: String) throws(ConfinementError) -> (folder: Folder, name: String) {
        let (holder, name) = try PathWalk.resolve(relative, from: self, rootPath: rootPath)
        guard let name else { throw ConfinementError(.invalidName, path: relative, "names a folder, not an entry in one") }
        return (holder, name)
    }

    /// The components from the root to this folder, as walked.
    public var components: [String] {
        guard let parent else { return [] }
        return parent.components + [String(path.split(separator: "/").last ?? "")]
    }
}
