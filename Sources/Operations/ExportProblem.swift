import WorkerKit

/// Why an export cannot start, shown with `alert(error:)`: the seed's `ExportError`.
enum ExportProblem: PresentableError {
    case destinationUnavailable
    case noAvailableSpace(megabytes: Int64)

    var code: String {
        switch self {
        case .destinationUnavailable: "destinationUnavailable"
        case .noAvailableSpace: "noAvailableSpace"
        }
    }

    var errorDescription: String {
        switch self {
        case .destinationUnavailable: "Can't reach the destination"
        case .noAvailableSpace: "Not enough space"
        }
    }

    var recoverySuggestion: String? {
        switch self {
        case .destinationUnavailable: "Check that the drive is still connected."
        case .noAvailableSpace(let megabytes): "Free at least \(megabytes) MB and try again."
        }
    }

    var localization: Localization? {
        switch self {
        case .destinationUnavailable: Localization("exportProject.destinationUnavailable")
        case .noAvailableSpace(let megabytes): Localization("exportProject.noAvailableSpace", [String(megabytes)])
        }
    }
}
