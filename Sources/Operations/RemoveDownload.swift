import Confinement
public import Foundation
public import WorkerKit

/// Deletes a downloaded track once the person confirms: the seed's "Remove download" dialog.
///
/// Steps: `locate` (the file name), then `remove`; a replay repeats neither, nor the question.
public struct RemoveDownload: JobOperation {
    /// The name clients submit.
    public static let name = "removeDownload"

    /// The library folder; downloads are the files in its `downloads/` folder.
    public let library: URL

    /// An operation acting on `library`.
    public init(library: URL) {
        self.library = library
    }

    /// The track to remove and the title the question names.
    public struct Input: Codable, Sendable, Hashable {
        /// The download's file name without its extension, such as `t-101`.
        public var trackID: String
        /// The title shown to the person.
        public var title: String

        /// An input for `trackID`, shown as `title`.
        public init(trackID: String, title: String) {
            self.trackID = trackID
            self.title = title
        }
    }

    /// Whether the file was removed.
    public struct Output: Codable, Sendable, Hashable {
        /// `true` once the download is gone; `false` when the person cancelled.
        public var removed: Bool

        /// An output saying whether the file was removed.
        public init(removed: Bool) {
            self.removed = removed
        }
    }

    /// The dialog's actions.
    enum Choice: String, PresentationAction, CaseIterable {
        case remove, cancel

        var button: ButtonState {
            switch self {
            case .remove: ButtonState("Remove", role: .destructive, localization: Localization("action.remove"))
            case .cancel: .cancel
            }
        }
    }

    /// Asks "Remove download" and deletes the file if the person chooses Remove.
    public func run(_ input: Input, in job: JobContext) async throws -> Output {
        let fileName = try await job.step("locate") { try locate(input.trackID) }
        guard try await job.present(question(input)) == .remove else { return Output(removed: false) }
        _ = try await job.step("remove") {
            let downloads = try downloads(trackID: input.trackID)
            do {
                // Only the entry itself goes, never what a link there points to.
                if try downloads.info(fileName) != nil { try downloads.remove(fileName) }
            } catch {
                throw JobError.failed("removeFailed", "cannot remove \(downloads.path(of: fileName))", error)
            }
            return true
        }
        return Output(removed: true)
    }

    func question(_ input: Input) throws -> Question<Choice> {
        .confirmationDialog(
            "Remove download", titleVisibility: .visible,
            message: "\(input.title) will no longer be available offline.",
            actions: [.remove, .cancel],
            item: try JSONValue(encoding: input),
            localization: Localization("removeDownload.confirm", [input.title]),
            expiresAfter: Self.answerWithin)
    }

    /// How long the question waits for an answer before it resolves to Cancel (the download stays): a day.
    public static let answerWithin: TimeInterval = 86_400

    /// The library's `downloads/` folder, opened inside the library.
    private func downloads(trackID: String) throws -> Folder {
        try LibraryFiles.folder("downloads", in: library) { path in
            JobError(code: "downloadNotFound", message: "no download for track \"\(trackID)\" in \(path)")
        }
    }

    /// Whether `name` in `downloads/` is a download: `index.json` is the titles index, not one; hidden files,
    /// folders and links are never downloads.
    static func isDownload(_ name: String, in downloads: Folder) throws -> Bool {
        guard name != DemoLibrary.downloadsIndex, !name.hasPrefix(".") else { return false }
        return try downloads.info(name)?.entry == .file
    }

    /// The name of the regular file in `downloads/` whose name without extension is `trackID`.
    private func locate(_ trackID: String) throws -> String {
        let downloads = try downloads(trackID: trackID)
        let found = try downloads.names().first { name in
            try (name as NSString).deletingPathExtension == trackID && Self.isDownload(name, in: downloads)
        }
        guard let found else {
            throw JobError(code: "downloadNotFound", message: "no download for track \"\(trackID)\" in \(downloads.path)")
        }
        return found
    }
}
