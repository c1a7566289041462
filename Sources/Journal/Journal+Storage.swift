import Foundation
import Primitives
import SQLite

extension Journal {
    /// Whether the journal can be written again after its disk was full: at least `headroom` bytes
    /// free on its file system, and a one-row write that commits.
    public func hasRoom(headroom: Int) throws -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        if let free = (try? FileManager.default.attributesOfFileSystem(forPath: folder))?[.systemFreeSize] as? Int, free < headroom {
            return false
        }
        do {
            try database.transaction {
                try database.run("INSERT OR REPLACE INTO storage_probe (id, at) VALUES (1, ?)", .text(Timestamp.string(Date())))
            }
            return true
        } catch let error as SQLiteError where error.isFull {
            return false
        }
    }

    /// Whether `error` says the journal's disk is full.
    public static func isFull(_ error: any Error) -> Bool {
        (error as? SQLiteError)?.isFull ?? false
    }
}
