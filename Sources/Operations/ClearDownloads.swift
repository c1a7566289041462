import Confinement
public import Foundation
public import WorkerKit

/// Deletes every download, or the tracks named, once the person confirms: "Remove 3 downloads?", its
/// title in the plural form of the count ("Remove 1 download?").
///
/// Steps: `list` (the file names), then `remove`; a replay repeats neither, nor the question.
public struct ClearDownloads: JobOperation {
    /// The name clients submit.
    public static let name = "clearDownloads"

    /// The library folder; downloads are the files in its `downloads/` folder.
    public let library: URL

    /// An operation acting on `library`.
    public init(library: URL) {
        self.library = library
    }

    /// Which downloads to remove.
    public struct Input: Codable, Sendable, Hashable {
        /// The tracks (file names without their extension, such as `t-101`); absent, every download.
        public var tracks: [String]?

        /// An input removing `tracks`, or every download.
        public init(tracks: [String]? = nil) {
            self.tracks = tracks
        }
    }

    /// How many downloads were removed.
    public struct Output: Codable, Sendable, Hashable {
        /// The number of files removed: 0 when the person cancelled or there was none.
        public var removed: Int

        /// An output counting the files removed.
        public init(removed: Int) {
            self.removed = removed
        }
    }

    /// The dialog's actions.
    enum Choice: String, PresentationAction, CaseIterable {
        case removeAll, cancel

        var button: ButtonState {
            switch self {
            case .removeAll: ButtonState("Remove", role: .destructive, localization: Localization("clearDownloads.action.remove"))
            case .cancel: .cancel
            }
        }
    }

    /// Lists the downloads, asks "Remove N downloads?" (nothing when there are none) and deletes them after Remove.
    public func run(_ input: Input, in job: JobContext) async throws -> Output {
        let files = try await job.step("list") { try list(input.tracks) }
        guard !files.isEmpty else { return Output(removed: 0) }
        guard try await job.present(question(files.count)) == .removeAll else { return Output(removed: 0) }
        _ = try await job.step("remove") {
            let downloads = try downloads()
            for name in files {
                do {
                    // Only the entry itself goes, never what a link there points to.
                    if try downloads.info(name) != nil { try downloads.remove(name) }
                } catch {
                    throw JobError.failed("removeFailed", "cannot remove \(downloads.path(of: name))", error)
                }
            }
            return true
        }
        return Output(removed: files.count)
    }

    func question(_ count: Int) -> Question<Choice> {
        .confirmationDialog(
            count == 1 ? "Remove 1 download?" : "Remove \(count) downloads?", titleVisibility: .visible,
            message: "They will no longer be available offline.", actions: [.removeAll, .cancel], item: .object(["count": .integer(Int64(count))]),
            localization: Localization("clearDownloads.confirm", [String(count)]), expiresAfter: RemoveDownload.answerWithin)
    }

    /// The library's `downloads/` folder, opened inside the library.
    private func downloads() throws -> Folder {
        try LibraryFiles.folder("downloads", in: library) { path in JobError(code: "downloadNotFound", message: "no downloads folder \(path)") }
    }

    /// The file names of the downloads of `tracks` (every download when nil), sorted; a track without one fails.
    private func list(_ tracks: [String]?) throws -> [String] {
        let downloads = try downloads()
        let all = try downloads.names().filter { try RemoveDownload.isDownload($0, in: downloads) }.sorted()
        guard let tracks else { return all }
        return try Set(tracks).sorted().map { track in
            guard let name = all.first(where: { ($0 as NSString).deletingPathExtension == track }) else {
                throw JobError(code: "downloadNotFound", message: "no download for track \"\(track)\" in \(downloads.path)")
            }
            return name
        }
    }
}
