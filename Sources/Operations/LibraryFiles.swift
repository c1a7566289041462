import Confinement
import Foundation
import Primitives
import WorkerKit

/// The file-system helpers the shipped operations share: every path they touch is resolved inside the
/// library folder through open folders (`Confinement.Folder`), links followed only while they stay inside.
enum LibraryFiles {
    /// Whether `name` is one harmless path component: not empty, no `/`, no `..`, no NUL.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && !name.contains("/") && !name.contains("..") && !name.contains("\0")
    }

    /// The library folder, opened as the root no operation's path may leave.
    static func root(_ library: URL) throws(JobError) -> Folder {
        do { return try Folder.root(library) } catch {
            throw JobError(code: "libraryUnavailable", message: "cannot open the library \(library.path): \(error.message)")
        }
    }

    /// The folder `relative` in the library; a missing one is `missing`'s error, one that leads out is `outsideLibrary`.
    static func folder(_ relative: String, in library: URL, missing: (String) -> JobError) throws(JobError) -> Folder {
        do {
            return try root(library).folder(relative)
        } catch let error as ConfinementError where error.code == .notFound || error.code == .notAFolder {
            throw missing(error.path)
        } catch {
            throw JobError.failed("libraryUnavailable", "cannot open \(relative)", error)
        }
    }

    /// Runs blocking file or archive work on a dispatch thread, so the cooperative pool stays free.
    static func offloaded<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }
}

extension JobError {
    /// A failure of the disk or an archive while doing `what`, as a job error with `code`; a path that
    /// leads outside the library is always `outsideLibrary`.
    static func failed(_ code: String, _ what: String, _ error: any Error) -> JobError {
        if let error = error as? JobError { return error }
        if let error = error as? ConfinementError, error.code == .outside {
            return JobError(code: "outsideLibrary", message: "\(what): \(error.path) \(error.message); the library's paths stay inside it")
        }
        return JobError(code: code, message: "\(what): \(error)")
    }
}

extension Folder {
    /// Reads `name` as JSON; nil when it does not exist.
    func readJSON<T: Decodable>(_ type: T.Type, from name: String) throws -> T? {
        guard try info(name) != nil else { return nil }
        return try JSONDecoder().decode(T.self, from: try read(name))
    }

    /// Writes `value` as pretty, sorted JSON through a new file and a rename, so readers never see half of it.
    func writeJSON(_ value: some Encodable, to name: String) throws {
        try write(try JSONCoding.prettyEncoder.encode(value), to: name)
    }
}
