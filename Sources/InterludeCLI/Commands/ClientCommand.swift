import Client
import Configuration
import Foundation
import Wire
import ZeroMQ

/// The connection to the broker the settings name: its endpoints, this process's CURVE key, and
/// `requestTimeoutMs` for every request, and the liveness window after which it leaves a silent broker of several.
struct Connection {
    let broker: BrokerConnection

    init(_ settings: Settings) throws {
        broker = try BrokerConnection(
            .init(
                clients: settings.clients, events: settings.events, security: ConnectionSecurity(try Credentials(settings).brokerConnection()),
                requestTimeout: .milliseconds(settings.requestTimeoutMs), limits: settings.messageLimits,
                liveness: .milliseconds(settings.heartbeatMs * settings.liveness)))
    }

    /// Requests to the broker.
    var client: BrokerClient { broker.client }
}

extension WireError {
    /// The exit status a refusal maps to.
    var exitStatus: Int32 {
        switch code {
        case .alreadyResolved, .stale, .forbidden, .alreadyApproved: ExitStatus.refused
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
