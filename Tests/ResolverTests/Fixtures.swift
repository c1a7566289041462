import Foundation
import JSON
import Presentation

/// The seed article's examples as presentations, with the localization keys the operations use.
enum Fixtures {
    static let createdAt = Date(timeIntervalSince1970: 1_800_000_000)
    /// Two and a half minutes after `createdAt`: the header says "2 min ago".
    static let now = createdAt.addingTimeInterval(150)

    static let cancel = Action(id: "cancel", label: "Cancel", role: .cancel, localization: Localization("action.cancel"))

    static func make(_ draft: Presentation.Draft, sequence: Int = 1) -> Presentation {
        do {
            return try Presentation(draft, id: "p-\(sequence)", job: "j-7", sequence: sequence, createdAt: createdAt)
        } catch {
            fatalError("fixture is invalid: \(error)")
        }
    }

    static let removeDownload = make(
        .confirmationDialog(
            "Remove download", titleVisibility: .visible, message: "Sintra Live will no longer be available offline.",
            actions: [
                Action(id: "remove", label: "Remove", role: .destructive, localization: Localization("action.remove")),
                cancel,
            ],
            item: .object(["title": .string("Sintra Live")]),
            localization: Localization("removeDownload.confirm", ["Sintra Live"])))

    static let resetPreferences = make(
        .alert(
            "Confirm operation", message: "All settings will return to their defaults.",
            actions: [cancel, Action(id: "reset", label: "Reset", role: .destructive, localization: Localization("action.reset"))],
            localization: Localization("resetPreferences.confirm")))

    static let restoreBackup = make(
        .alert(
            "Confirm operation", message: "Current data will be replaced by the backup from 2026-11-28 21:00.",
            actions: [
                cancel, Action(id: "restoreBackup", label: "Restore Backup", localization: Localization("action.restoreBackup")),
            ],
            localization: Localization("restoreBackup.confirm", ["2026-11-28 21:00"])))

    static let routeConflict = make(
        .alert(
            "Stop already planned", message: "Sintra is already part of day 2.",
            actions: [
                Action(id: "moveToDay", label: "Move to day 3", localization: Localization("action.moveToDay", ["3"])),
                Action(id: "keepDay", label: "Keep day 2", role: .cancel, localization: Localization("action.keepDay", ["2"])),
            ],
            localization: Localization("addStop.conflict", ["Sintra", "2"])))

    static let destinationUnavailable = make(
        .alert(
            error: PresentedError(
                code: "destinationUnavailable", description: "Can't reach the destination",
                failureReason: "The volume \"Backup\" is not mounted.",
                recoverySuggestion: "Check that the drive is still connected."),
            actions: [Action(id: "tryAgain", label: "Try Again", localization: Localization("action.tryAgain")), cancel],
            localization: Localization("exportProject.destinationUnavailable")))

    static let noAvailableSpace = make(
        .alert(
            error: PresentedError(
                code: "noAvailableSpace", description: "Not enough space", recoverySuggestion: "Free at least 512 MB and try again."),
            actions: [cancel],
            localization: Localization("exportProject.noAvailableSpace", ["512"])))
}

/// A seed example by name, so parameterized tests print a word rather than a whole presentation.
enum Seed: String, Sendable, CaseIterable {
    case removeDownload, resetPreferences, restoreBackup, routeConflict, destinationUnavailable, noAvailableSpace

    var presentation: Presentation {
        switch self {
        case .removeDownload: Fixtures.removeDownload
        case .resetPreferences: Fixtures.resetPreferences
        case .restoreBackup: Fixtures.restoreBackup
        case .routeConflict: Fixtures.routeConflict
        case .destinationUnavailable: Fixtures.destinationUnavailable
        case .noAvailableSpace: Fixtures.noAvailableSpace
        }
    }
}
