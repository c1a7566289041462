import Wire
import ZeroMQ

extension BrokerLink.Event {
    /// What the monitor's `outcome` tells the link.
    init(_ outcome: HandshakeMonitor.Outcome) {
        self =
            switch outcome {
            case .established: .established
            case .succeeded: .succeeded
            case .refused: .refused
            case .failed(_, let mismatch): mismatch ? .refused : .brokeOff
            case .disconnected: .disconnected
            case .unreachable: .unreachable
            }
    }
}
