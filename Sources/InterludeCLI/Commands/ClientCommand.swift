import Client
import Configuration
import Foundation
import Wire
import ZeroMQ

/// Opens a client to the broker named in the settings; every request waits at most `requestTimeoutMs`.
struct Connection {
    let client: BrokerClient

    init(_ settings: Settings) throws {
        client = try BrokerClient(
            context: try Context(), endpoint: settings.clients, security: try Credentials(settings).brokerConnection(),
            requestTimeout: .milliseconds(settings.requestTimeoutMs), limits: settings.messageLimits)
    }
}

extension WireError {
    /// The exit status a refusal maps to.
    var exitStatus: Int32 {
        switch code {
        case .alreadyResolved, .stale, .forbidden: ExitStatus.refused
        default: ExitStatus.failure
        }
    }
}

/// The name an answer is given under: `--as`, else the user name; with a CURVE key, empty, so the broker
/// records the key's own name (and refuses any `--as` that differs from it).
func answeringName(_ option: String?, _ settings: Settings) -> String {
    if let option { return option }
    guard settings.curveSecretKeyFile.isEmpty else { return "" }
    return ProcessInfo.processInfo.environment["USER"] ?? NSUserName()
}
