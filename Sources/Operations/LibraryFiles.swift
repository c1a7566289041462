import Foundation
import Primitives
import WorkerKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system helpers the shipped operations share.
enum LibraryFiles {
    /// Whether `name` is one harmless path component: not empty, no `/`, no `..`, no NUL.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && !name.contains("/") && !name.contains("..") && !name.contains("\0")
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    /// Names in `folder`, sorted; empty when it does not exist.
    static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// Bytes an unprivileged process may still write on the file system holding `url` (`statvfs`).
    static func availableBytes(at url: URL) -> Int64? {
        var info = statvfs()
        guard (try? systemCall("statvfs") { statvfs(url.path, &info) }) != nil else { return nil }
        let (bytes, overflow) = Int64(info.f_bavail).multipliedReportingOverflow(by: Int64(info.f_frsize))
        return overflow ? Int64.max : bytes
    }

    /// Renames atomically, replacing whatever `destination` names (`rename(2)`); both must be on one file system.
    static func move(_ source: URL, to destination: URL) throws {
        do {
            try systemCall("rename") { rename(source.path, destination.path) }
        } catch {
            throw JobError(code: "renameFailed", message: "cannot rename \(source.path) to \(destination.path): \(String(cString: strerror(error.code)))")
        }
    }

    /// Writes `value` as pretty, sorted JSON through a temporary file and a rename, so readers never see half of it.
    static func writeJSON(_ value: some Encodable, to url: URL) throws {
        try JSONCoding.prettyEncoder.encode(value).write(to: url, options: .atomic)
    }

    /// Runs blocking file or archive work on a dispatch thread, so the cooperative pool stays free.
    static func offloaded<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }
}

extension JobError {
    /// A failure of the disk or an archive while doing `what`, as a job error with `code`.
    static func failed(_ code: String, _ what: String, _ error: any Error) -> JobError {
        if let error = error as? JobError { return error }
        return JobError(code: code, message: "\(what): \(error)")
    }
}
