import Archive
public import Foundation
public import WorkerKit

/// Archives `<library>/projects/<project>/` to `<destination>/<project>.tar.gz`, asking when it cannot.
///
/// The destination must lie inside one of `exportRoots`; otherwise the job asks whether to use the first
/// of them instead. Steps: `check` (again as `check#2`, … after each question), then `archive`. Every
/// fact that decides what happens is a step, so a replay asks the same questions in the same order and
/// never exports twice.
public struct ExportProject: JobOperation {
    /// The name clients submit.
    public static let name = "exportProject"

    /// The library folder; projects are the folders in its `projects/` folder.
    public let library: URL
    /// Bytes that must stay free on the destination besides the project's size.
    public let reserveBytes: Int64
    /// The folders archives may be written into.
    public let exportRoots: ExportRoots

    /// An operation acting on `library` that keeps `reserveBytes` free on the destination and writes only
    /// into `exportRoots` (none given: the library's `exports/`).
    public init(library: URL, reserveBytes: Int64 = 0, exportRoots: [URL] = []) {
        self.library = library
        self.reserveBytes = reserveBytes
        self.exportRoots = ExportRoots(exportRoots, library: library)
    }

    /// The project to export and the folder to write the archive into.
    public struct Input: Codable, Sendable, Hashable {
        /// A folder name in `projects/`.
        public var project: String
        /// The folder the archive goes to, such as a mounted drive.
        public var destination: String

        /// An input exporting `project` into `destination`.
        public init(project: String, destination: String) {
            self.project = project
            self.destination = destination
        }
    }

    /// Where the archive went; `archive` is `null` when the person chose not to export.
    public struct Output: Codable, Sendable, Hashable {
        /// The archive's path, or `nil`.
        public var archive: String?
        /// The archive's size in bytes.
        public var bytes: Int64
        /// Whether an archive was written.
        public var exported: Bool

        /// An output describing the export.
        public init(archive: String?, bytes: Int64, exported: Bool) {
            self.archive = archive
            self.bytes = bytes
            self.exported = exported
        }

        /// The person chose not to export.
        public static let notExported = Output(archive: nil, bytes: 0, exported: false)

        /// Writes `archive` as `null` rather than leaving it out, so the shape never changes.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(archive, forKey: .archive)
            try container.encode(bytes, forKey: .bytes)
            try container.encode(exported, forKey: .exported)
        }

        private enum CodingKeys: String, CodingKey { case archive, bytes, exported }
    }

    /// The error alerts' actions.
    enum Choice: String, PresentationAction, CaseIterable {
        case retry, useAnotherFolder, cancel, useExportsFolder

        var button: ButtonState {
            switch self {
            case .retry: ButtonState("Try Again", localization: Localization("action.tryAgain"))
            case .useAnotherFolder: ButtonState("Use Another Folder", localization: Localization("action.useAnotherFolder"))
            case .cancel: .cancel
            case .useExportsFolder: ButtonState("Use the Exports Folder", localization: Localization("action.useExportsFolder"))
            }
        }
    }

    /// "Folder", asked with Use Another Folder: where to export instead (checked like the input's destination).
    public static let folderField = TextFieldState(
        id: "folder", label: "Folder", placeholder: "library/exports/…", required: true, maxLength: 500,
        actions: [Choice.useAnotherFolder.rawValue], localization: Localization("exportProject.folder"))

    /// Checks the destination (asking Try Again, Use Another Folder or Cancel while it is unreachable), then writes the archive.
    public func run(_ input: Input, in job: JobContext) async throws -> Output {
        guard LibraryFiles.isPlainName(input.project) else {
            throw JobError(code: "invalidProject", message: "\"\(input.project)\" is not a project name")
        }
        var destination = input.destination
        while true {
            switch try await job.step("check", { try check(input.project, destination) }) {
            case .ready:
                let archived = try await job.step("archive") {
                    try await write(input.project, into: destination, job: job)
                }
                return Output(archive: archived.path, bytes: archived.bytes, exported: true)
            case .destinationNotAllowed:
                let problem = ExportProblem.destinationNotAllowed(folder: destination, allowed: exportRoots.preferred.path)
                guard try await job.present(Question<Choice>.alert(error: problem, actions: [.useExportsFolder, .cancel])) == .useExportsFolder else {
                    return .notExported
                }
                destination = exportRoots.preferred.path
            case .destinationUnavailable:
                let alert = Question<Choice>.alert(error: ExportProblem.destinationUnavailable, actions: [.retry, .useAnotherFolder, .cancel])
                    .with(fields: [Self.folderField])
                let answered = try await job.answer(to: alert)
                switch answered.choice {
                case .retry: break
                case .useAnotherFolder: destination = answered.values["folder"] ?? destination
                default: return .notExported
                }
            case .noAvailableSpace(let megabytes):
                _ = try await job.present(Question<Choice>.alert(error: ExportProblem.noAvailableSpace(megabytes: megabytes), actions: [.cancel]))
                return .notExported
            }
        }
    }
}
