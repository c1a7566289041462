import Archive
import Confinement
import Foundation
import WorkerKit

extension ExportProject {
    /// What the `check` step found.
    enum Readiness: Codable, Sendable, Hashable {
        case ready
        case destinationUnavailable
        case noAvailableSpace(megabytes: Int64)
        case destinationNotAllowed
    }

    /// The finished archive, as the `archive` step records it.
    struct Archived: Codable, Sendable, Hashable {
        var path: String
        var bytes: Int64
    }

    /// One megabyte as drives are labelled (decimal), for "Free at least N MB".
    static let megabyte: Int64 = 1_000_000

    /// The project's folder, opened inside the library.
    func source(_ project: String) throws -> Folder {
        try LibraryFiles.folder("projects/\(project)", in: library) { path in
            JobError(code: "projectNotFound", message: "no project \"\(project)\" (\(path))")
        }
    }

    /// The destination folder inside its export root; nil when it does not exist (or cannot be opened).
    func destinationFolder(_ destination: String) throws -> Folder? {
        do {
            return try exportRoots.open(destination)
        } catch {
            return nil
        }
    }

    /// Whether the project exists and the destination is allowed and can take it, before anything is written.
    func check(_ project: String, _ destination: String) throws -> Readiness {
        let source = try source(project)
        guard case .inside = exportRoots.place(of: destination) else { return .destinationNotAllowed }
        let folder: Folder
        do {
            guard let opened = try exportRoots.open(destination) else { return .destinationNotAllowed }
            folder = opened
        } catch {
            return .destinationUnavailable
        }
        guard folder.isWritable, let available = folder.availableBytes else { return .destinationUnavailable }
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

    /// Writes the archive under a hidden name of this job's own and renames it into place once complete.
    ///
    /// Only this job's partial file (from an earlier attempt) is ever removed; anyone else's is left alone.
    func write(_ project: String, into destination: String, job: JobContext) async throws -> Archived {
        let source = try source(project)
        guard let folder = try destinationFolder(destination) else {
            throw JobError(code: "destinationUnavailable", message: "\(destination) is no longer an export folder that can be opened")
        }
        let final = "\(project).tar.gz"
        let partial = ".\(final).partial-\(job.id)"
        var created = false
        do {
            if try folder.info(partial) != nil { try folder.remove(partial) }
            let output = try folder.createFile(partial)
            created = true
            let bytes = try await LibraryFiles.offloaded {
                defer { try? output.close() }
                return try TarGz.create(from: source, rootName: project, to: output, named: folder.path(of: partial)) { done, total in
                    job.progress(done: done, total: total)
                }
            }
            try folder.rename(partial, to: final, in: folder)
            return Archived(path: folder.path(of: final), bytes: bytes)
        } catch {
            if created { try? folder.remove(partial) }
            throw JobError.failed("exportFailed", "cannot write \(folder.path(of: final))", error)
        }
    }
}
