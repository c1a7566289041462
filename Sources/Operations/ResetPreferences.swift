import Confinement
public import Foundation
public import WorkerKit

/// Rewrites `<library>/preferences.json` with the defaults once the person confirms.
///
/// Step: `reset`; a replay does not write again.
public struct ResetPreferences: JobOperation {
    /// The name clients submit.
    public static let name = "resetPreferences"

    /// The library folder holding `preferences.json`.
    public let library: URL

    /// An operation acting on `library`.
    public init(library: URL) {
        self.library = library
    }

    /// Whether the preferences were reset.
    public struct Output: Codable, Sendable, Hashable {
        /// `true` once the defaults are written.
        public var reset: Bool

        /// An output saying whether the preferences were reset.
        public init(reset: Bool) {
            self.reset = reset
        }
    }

    /// The settings a reset writes.
    public struct Preferences: Codable, Sendable, Hashable {
        /// `system`, `light` or `dark`.
        public var theme: String
        /// Whether notifications are shown.
        public var notifications: Bool
        /// `normal` or `high`.
        public var downloadQuality: String

        /// Preferences with these values.
        public init(theme: String, notifications: Bool, downloadQuality: String) {
            self.theme = theme
            self.notifications = notifications
            self.downloadQuality = downloadQuality
        }

        /// `{"theme": "system", "notifications": true, "downloadQuality": "high"}`.
        public static let defaults = Preferences(theme: "system", notifications: true, downloadQuality: "high")
    }

    /// The alert's actions.
    enum Choice: String, PresentationAction, CaseIterable {
        case reset, cancel

        var button: ButtonState {
            switch self {
            case .reset: ButtonState("Reset", role: .destructive, localization: Localization("action.reset"))
            case .cancel: .cancel
            }
        }
    }

    /// How long the question waits for an answer before it resolves to Cancel (nothing is reset): an hour.
    public static let answerWithin: TimeInterval = 3_600

    /// Asks "Confirm operation" and writes the defaults if the person chooses Reset.
    public func run(_ input: NoFields, in job: JobContext) async throws -> Output {
        let alert = Question<Choice>.alert(
            "Confirm operation", message: "All settings will return to their defaults.", actions: [.reset, .cancel],
            localization: Localization("resetPreferences.confirm"), expiresAfter: Self.answerWithin)
        guard try await job.present(alert) == .reset else { return Output(reset: false) }
        _ = try await job.step("reset") {
            let root = try LibraryFiles.root(library)
            do { try root.writeJSON(Preferences.defaults, to: "preferences.json") } catch {
                throw JobError.failed("writeFailed", "cannot write \(root.path(of: "preferences.json"))", error)
            }
            return true
        }
        return Output(reset: true)
    }
}
