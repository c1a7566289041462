import Archive
import Confinement
import Foundation
import WorkerKit

/// Replaces a library's `data/` folder with an archive's contents so that a crash leaves the old or the new data.
///
/// A restore extracts into `.staging-<uuid>`, renames `data` to `.previous-<uuid>`, renames the new folder
/// to `data`, then deletes the previous one. Recovery, run before every restore's question and again
/// before its swap:
/// - every `.staging-*` is deleted (an extraction that never finished, or whose swap never started);
/// - if `data` is missing but a `.previous-*` exists, the crash came between the two renames: that folder
///   is renamed back to `data` (the old data wins);
/// - with `data` present, any `.previous-*` is old data whose deletion was interrupted: it is deleted.
/// Restores of one library take turns, across workers and processes: each holds the library folder's lock
/// (`Folder.lock`) from its recovery to the end of its swap, so a recovery never removes what a running
/// restore owns, and a crash gives the lock up with the process. Every step goes through the library
/// folder's descriptor, never a path that a link could redirect.
struct DataSwap: Sendable {
    let library: URL

    /// Repairs what an interrupted restore left, unless a restore is running now: that one holds the lock,
    /// owns the leftovers it finds, and leaves the library whole itself.
    func recoverUnlessRestoring() throws {
        do {
            let root = try LibraryFiles.root(library)
            guard try root.lock(waiting: false) else { return }
            defer { root.unlock() }
            try Self.recover(root)
        } catch {
            throw JobError.failed("restoreFailed", "cannot recover an interrupted restore in \(library.path)", error)
        }
    }

    /// Puts the library back into a state with exactly one `data` folder and no leftovers; the caller holds the lock.
    private static func recover(_ root: Folder) throws {
        let names = try root.names()
        for name in names where name.hasPrefix(".staging-") { try root.removeTree(name) }
        var previous = names.filter { $0.hasPrefix(".previous-") }
        if try root.info("data") == nil, let last = previous.popLast() {
            try root.rename(last, to: "data", in: root)
        }
        for name in previous { try root.removeTree(name) }
    }

    /// Extracts the backup `name` in `backups` and swaps it in for `data`; returns the number of entries extracted.
    ///
    /// An archive holding one top folder (as `TarGz.create` writes) provides that folder's contents;
    /// any other archive provides its whole contents. Data with a link that leads outside it is refused.
    func replaceData(with name: String, in backups: Folder) throws -> Int {
        let id = UUID().uuidString
        let (stagingName, previousName) = (".staging-\(id)", ".previous-\(id)")
        do {
            let root = try LibraryFiles.root(library)
            // Waits for a restore of this library that is running, then finishes what a crashed one left.
            _ = try root.lock(waiting: true)
            defer { root.unlock() }
            try Self.recover(root)
            defer { try? root.removeTree(stagingName) }
            let staging = try root.makeFolder(stagingName)
            let entries = try TarGz.extract(from: try backups.openFile(name), named: backups.path(of: name), into: staging)
            let top = try staging.names()
            let incoming: (folder: Folder, holder: Folder, name: String) =
                if top.count == 1, try staging.entry(top[0]) == .folder {
                    (try staging.descend(top[0]), staging, top[0])
                } else {
                    (staging, root, stagingName)
                }
            if let leaving = try incoming.folder.asRoot().linksLeavingRoot().first {
                throw JobError(code: "unsafeBackup", message: "the backup's link \(leaving) points outside the data it restores; nothing was changed")
            }
            let hadData = try root.info("data") != nil
            if hadData { try root.rename("data", to: previousName, in: root) }
            do {
                try incoming.holder.rename(incoming.name, to: "data", in: root)
            } catch {
                if hadData { try? root.rename(previousName, to: "data", in: root) }
                throw error
            }
            try? root.removeTree(previousName)
            return entries
        } catch let error as ArchiveError where error.code == .unsafePath {
            throw JobError(code: "unsafeBackup", message: "the backup \(name) has an unsafe entry, \(error.path): \(error.message); nothing was changed")
        } catch {
            throw JobError.failed("restoreFailed", "cannot restore \(name)", error)
        }
    }
}
