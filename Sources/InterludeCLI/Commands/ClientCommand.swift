import Client
import Configuration
import Foundation
import Wire
import ZeroMQ

/// Opens a client to the broker named in the settings.
struct Connection {
    let client: BrokerClient
    let timeout: Duration

    init(_ settings: Settings) throws {
        client = try BrokerClient(context: try Context(), endpoint: settings.clients, limits: MessageLimits(settings))
        timeout = .milliseconds(settings.requestTimeoutMs)
    }
}

extension WireError {
    /// The exit status a refusal maps to.
    var exitStatus: Int32 {
        switch code {
        case .alreadyResolved, .stale: ExitStatus.refused
        default: ExitStatus.failure
        }
    }
}
