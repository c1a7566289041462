import Configuration
import Foundation
import Wire

/// How a command line that failed says so: one line on standard error (a usage error adds one line
/// naming where its usage is), or with `--json` one line `{"error": {"code", "message", …}}` on standard
/// output, the shape `interlude answer --json` prints; the exit status is the same either way.
struct FailureReport {
    /// Whether `--json` was given.
    let json: Bool

    /// Reports `error` of the command `command` (nil before a command is known) and returns the exit status.
    func report(_ error: any Error, command: String?) -> Int32 {
        switch error {
        case let error as UsageError:
            let hint = "see `interlude help\(command.map { " " + $0 } ?? "")`"
            write(code: "usage", message: error.description, hint: hint)
            return ExitStatus.usage
        case let error as WireError:
            if json { Output.json(["error": error]) } else { printError(error.message) }
            return error.exitStatus
        case let error as ConfigurationError:
            write(code: "configuration", message: error.description, hint: nil)
            return ExitStatus.failure
        default:
            write(code: (error as? any CodedFailure)?.code ?? "failure", message: "\(error)", hint: nil)
            return ExitStatus.failure
        }
    }

    private func write(code: String, message: String, hint: String?) {
        guard !json else { return Output.json(["error": Line(code: code, message: message, hint: hint)]) }
        printError(message)
        if let hint { FileHandle.standardError.write(Data("\(hint)\n".utf8)) }
    }

    /// The `error` object of a failure that is not the broker's.
    private struct Line: Encodable {
        let code: String
        let message: String
        let hint: String?
    }
}

/// An error of the command line's own with a stable code for `--json`.
protocol CodedFailure: Error {
    /// The code, such as `portInUse`.
    var code: String { get }
}
