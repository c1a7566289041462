import Archive
import Foundation
import WorkerKit

extension ExportProject {
    /// What the `check` step found.
    enum Readiness: Codable, Sendable, Hashable {
        case ready
        case destinationUnavailable
        case noAvailableSpace(megabytes: Int64)
    }

    /// The finished archive, as the `archive` step records it.
    struct Archived: Codable, Sendable, Hashable {
        var path: String
        var bytes: Int64
    }

    /// One megabyte as drives are labelled (decimal), for "Free at least N MB".
    static let megabyte: Int64 = 1_000_000

    /// Whether the project exists and the destination can take it, before anything is written.
    func check(_ source: URL, _ destination: URL) throws -> Readiness {
        guard LibraryFiles.isDirectory(source) else {
            throw JobError(code: "projectNotFound", message: "no project \"\(source.lastPathComponent)\" in \(source.deletingLastPathComponent().path)")
        }
        guard LibraryFiles.isDirectory(destination), FileManager.default.isWritableFile(atPath: destination.path),
            let available = LibraryFiles.availableBytes(at: destination)
        else { return .destinationUnavailable }
        let content: Int64
        do { content = try TarGz.contentSize(of: source) } catch {
            throw JobError.failed("exportFailed", "cannot read project \(source.path)", error)
        }
        let (sum, overflow) = content.addingReportingOverflow(max(reserveBytes, 0))
        let needed = overflow ? Int64.max : sum
        guard needed > available else { return .ready }
        let missing = needed - available
        return .noAvailableSpace(megabytes: missing / Self.megabyte + (missing % Self.megabyte == 0 ? 0 : 1))
    }

    /// Writes the archive under a hidden temporary name and renames it into place once complete.
    func write(_ source: URL, as project: String, into destination: URL, job: JobContext) async throws -> Archived {
        let final = destination.appendingPathComponent("\(project).tar.gz")
        let partialPrefix = ".\(project).tar.gz.partial-"
        // Partial files left by a crashed attempt are never a finished export.
        for name in LibraryFiles.names(in: destination) where name.hasPrefix(partialPrefix) {
            try? FileManager.default.removeItem(at: destination.appendingPathComponent(name))
        }
        let partial = destination.appendingPathComponent(partialPrefix + UUID().uuidString)
        do {
            let bytes = try await LibraryFiles.offloaded {
                try TarGz.create(from: source, rootName: project, to: partial) { done, total in
                    job.progress(done: done, total: total)
                }
            }
            try LibraryFiles.move(partial, to: final)
            return Archived(path: final.path, bytes: bytes)
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw JobError.failed("exportFailed", "cannot write \(final.path)", error)
        }
    }
}
