import Confinement
public import Foundation
public import WorkerKit

/// Replaces `<library>/data/` with a backup from `<library>/backups/` once the person confirms.
///
/// Steps: `inspect` (the backup's date), then `restore`. The swap is atomic; see `DataSwap`.
public struct RestoreBackup: JobOperation {
    /// The name clients submit.
    public static let name = "restoreBackup"

    /// The library folder; backups are `.tar.gz` files in its `backups/` folder.
    public let library: URL

    /// An operation acting on `library`.
    public init(library: URL) {
        self.library = library
    }

    /// The backup to restore.
    public struct Input: Codable, Sendable, Hashable {
        /// A file name in `backups/`, such as `demo.tar.gz`.
        public var backup: String

        /// An input restoring `backup`.
        public init(backup: String) {
            self.backup = backup
        }
    }

    /// Whether the data was replaced, and how many archive entries it came from.
    public struct Output: Codable, Sendable, Hashable {
        /// `true` once the backup's data is in place.
        public var restored: Bool
        /// The number of entries extracted; absent when nothing was restored.
        public var entries: Int?

        /// An output describing the restore.
        public init(restored: Bool, entries: Int? = nil) {
            self.restored = restored
            self.entries = entries
        }
    }

    /// The alert's actions.
    enum Choice: String, PresentationAction, CaseIterable {
        case restore, cancel

        var button: ButtonState {
            switch self {
            case .restore: ButtonState("Restore Backup", localization: Localization("action.restoreBackup"))
            case .cancel: .cancel
            }
        }
    }

    /// Asks "Confirm operation" naming the backup's date, then swaps the data in.
    public func run(_ input: Input, in job: JobContext) async throws -> Output {
        let name = input.backup
        guard LibraryFiles.isPlainName(name), name.hasSuffix(".tar.gz") else {
            throw JobError(code: "invalidBackup", message: "\"\(name)\" is not the file name of a .tar.gz backup")
        }
        let date = try await job.step("inspect") { try Self.date(of: try backup(name).info(name), name: name) }
        let swap = DataSwap(library: library)
        // Repairs what an interrupted restore left, even if the person now cancels (not what a running one owns).
        try swap.recoverUnlessRestoring()
        let alert = Question<Choice>.alert(
            "Confirm operation", message: "Current data will be replaced by the backup from \(date).",
            actions: [.restore, .cancel],
            item: .object(["backup": .string(name), "date": .string(date)]),
            localization: Localization("restoreBackup.confirm", [date]))
        guard try await job.present(alert) == .restore else { return Output(restored: false) }
        let entries = try await job.step("restore") {
            let backups = try backup(name)
            return try await LibraryFiles.offloaded { try swap.replaceData(with: name, in: backups) }
        }
        return Output(restored: true, entries: entries)
    }

    /// The library's `backups/` folder, which must hold `name`.
    private func backup(_ name: String) throws -> Folder {
        try LibraryFiles.folder("backups", in: library) { path in
            JobError(code: "backupNotFound", message: "no backup \"\(name)\" in \(path)")
        }
    }

    /// The backup file's modification time as `yyyy-MM-dd HH:mm` in UTC, the same for every worker and reader.
    ///
    /// Only a regular file is a backup: a link in `backups/` is not followed.
    static func date(of info: Folder.Info?, name: String) throws -> String {
        guard let info, info.entry == .file else {
            throw JobError(code: "backupNotFound", message: "no backup \"\(name)\" in backups/")
        }
        let modified = info.modified
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: modified)
    }
}
