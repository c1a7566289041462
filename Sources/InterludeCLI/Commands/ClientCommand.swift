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
            context: try Context(), endpoint: settings.clients, requestTimeout: .milliseconds(settings.requestTimeoutMs),
            limits: settings.messageLimits)
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
