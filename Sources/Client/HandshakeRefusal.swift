import Wire
import ZeroMQ

/// What a client tells its caller when the broker's security handshake does not let it in.
enum HandshakeRefusal {
    /// The error for `outcome`, or nil once a handshake succeeded.
    static func error(_ outcome: HandshakeMonitor.Outcome, endpoint: String) -> WireError? {
        switch outcome {
        case .established, .succeeded, .disconnected, .unreachable:
            nil
        case .refused:
            WireError(.forbidden, "the broker at \(endpoint) refused this client's CURVE key; ask for it to be listed in the broker's authorizedKeysFile")
        case .failed:
            WireError(
                .forbidden, "the security handshake with the broker at \(endpoint) failed: check brokerPublicKey and curveSecretKeyFile against the broker's")
        }
    }
}
