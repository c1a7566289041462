import Archive
import Foundation
import WorkerKit

/// Replaces a library's `data/` folder with an archive's contents so that a crash leaves the old or the new data.
///
/// A restore extracts into `.staging-<uuid>`, renames `data` to `.previous-<uuid>`, renames the new folder
/// to `data`, then deletes the previous one. Recovery, run before every restore:
/// - every `.staging-*` is deleted (an extraction that never finished, or whose swap never started);
/// - if `data` is missing but a `.previous-*` exists, the crash came between the two renames: that folder
///   is renamed back to `data` (the old data wins);
/// - with `data` present, any `.previous-*` is old data whose deletion was interrupted: it is deleted.
/// Restores of one library are not meant to run at once; each one's recovery would undo the other's staging.
struct DataSwap: Sendable {
    let library: URL

    var data: URL { library.appendingPathComponent("data", isDirectory: true) }

    /// Puts the library back into a state with exactly one `data` folder and no leftovers.
    func recover() throws {
        let names = LibraryFiles.names(in: library)
        do {
            for name in names where name.hasPrefix(".staging-") {
                try FileManager.default.removeItem(at: library.appendingPathComponent(name))
            }
            var previous = names.filter { $0.hasPrefix(".previous-") }
            if !LibraryFiles.exists(data), let last = previous.popLast() {
                try LibraryFiles.move(library.appendingPathComponent(last), to: data)
            }
            for name in previous {
                try FileManager.default.removeItem(at: library.appendingPathComponent(name))
            }
        } catch {
            throw JobError.failed("restoreFailed", "cannot recover an interrupted restore in \(library.path)", error)
        }
    }

    /// Extracts `archive` and swaps it in for `data`; returns the number of entries extracted.
    ///
    /// An archive holding one top folder (as `TarGz.create` writes) provides that folder's contents;
    /// any other archive provides its whole contents.
    func replaceData(with archive: URL) throws -> Int {
        let id = UUID().uuidString
        let staging = library.appendingPathComponent(".staging-\(id)", isDirectory: true)
        let previous = library.appendingPathComponent(".previous-\(id)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: staging) }
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
            let entries = try TarGz.extract(archive, into: staging)
            let top = LibraryFiles.names(in: staging)
            let incoming = top.count == 1 && LibraryFiles.isDirectory(staging.appendingPathComponent(top[0]))
                ? staging.appendingPathComponent(top[0], isDirectory: true) : staging
            let hadData = LibraryFiles.exists(data)
            if hadData { try LibraryFiles.move(data, to: previous) }
            do {
                try LibraryFiles.move(incoming, to: data)
            } catch {
                if hadData { try? LibraryFiles.move(previous, to: data) }
                throw error
            }
            try? FileManager.default.removeItem(at: previous)
            return entries
        } catch {
            throw JobError.failed("restoreFailed", "cannot restore \(archive.lastPathComponent)", error)
        }
    }
}
