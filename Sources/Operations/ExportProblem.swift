import WorkerKit

/// Why an export cannot start, shown with `alert(error:)`: the seed's `ExportError`.
enum ExportProblem: PresentableError {
    case destinationUnavailable
    case noAvailableSpace(megabytes: Int64)
    /// The destination is outside the folders exports may go to (`exportRoots`).
    case destinationNotAllowed(folder: String, allowed: String)

    var code: String {
        switch self {
        case .destinationUnavailable: "destinationUnavailable"
        case .noAvailableSpace: "noAvailableSpace"
        case .destinationNotAllowed: "destinationNotAllowed"
        }
    }

    var errorDescription: String {
        switch self {
        case .destinationUnavailable: "Can't reach the destination"
        case .noAvailableSpace: "Not enough space"
        case .destinationNotAllowed: "Can't export to this folder"
        }
    }

    var recoverySuggestion: String? {
        switch self {
        case .destinationUnavailable: "Check that the drive is still connected."
        case .noAvailableSpace(let megabytes): "Free at least \(megabytes) MB and try again."
        case .destinationNotAllowed(let folder, let allowed):
            "\(folder) is outside the folders exports may go to. Use \(allowed) instead, or cancel."
        }
    }

    var localization: Localization? {
        switch self {
        case .destinationUnavailable: Localization("exportProject.destinationUnavailable")
        case .noAvailableSpace(let megabytes): Localization("exportProject.noAvailableSpace", [String(megabytes)])
        case .destinationNotAllowed(let folder, let allowed): Localization("exportProject.destinationNotAllowed", [folder, allowed])
        }
    }
}
