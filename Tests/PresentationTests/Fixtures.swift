import Foundation
import Presentation

/// Builds presentations the way the broker does, with fixed identity for readable tests.
func present(_ draft: Presentation.Draft, sequence: Int = 1) throws -> Presentation {
    try Presentation(draft, id: "p-\(sequence)", job: "job-1", sequence: sequence, createdAt: Date(timeIntervalSince1970: 1_800_000_000))
}

/// The seed's exclusive account alerts, as an enum: one pending operation at a time.
enum PendingAccountAlert {
    case resetPreferences
    case restoreBackup(Date)

    var draft: Presentation.Draft {
        switch self {
        case .resetPreferences:
            .alert(
                "Confirm operation", message: "All settings will return to their defaults.",
                actions: [Action(id: "reset", label: "Reset", role: .destructive), Action(id: "cancel", label: "Cancel", role: .cancel)])
        case .restoreBackup(let date):
            .alert(
                "Confirm operation", message: "Current data will be replaced by the backup from \(date.formatted(.iso8601.year().month().day())).",
                actions: [Action(id: "restore", label: "Restore Backup"), Action(id: "cancel", label: "Cancel", role: .cancel)])
        }
    }
}

/// The seed's export errors, shaped like a `LocalizedError`.
enum ExportError {
    case noAvailableSpace(required: Int)
    case destinationUnavailable

    var presented: PresentedError {
        switch self {
        case .noAvailableSpace(let required):
            PresentedError(
                code: "noAvailableSpace", description: "Not enough space",
                failureReason: "The destination has less free space than the archive needs.",
                recoverySuggestion: "Free at least \(required) MB and try again.")
        case .destinationUnavailable:
            PresentedError(
                code: "destinationUnavailable", description: "Can't reach the destination",
                recoverySuggestion: "Check that the drive is still connected.")
        }
    }

    /// Retry only where retrying can help, as in the seed.
    var draft: Presentation.Draft {
        var actions: [Action] = []
        if case .destinationUnavailable = self { actions.append(Action(id: "retry", label: "Try Again")) }
        actions.append(Action(id: "cancel", label: "Cancel", role: .cancel))
        return .alert(error: presented, actions: actions)
    }
}
