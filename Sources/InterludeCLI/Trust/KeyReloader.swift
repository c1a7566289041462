import Broker
import Lifecycle
import Log

/// Rereads the broker's authorized keys on each SIGHUP, for as long as the broker's group runs.
struct KeyReloader: Service {
    let broker: BrokerService
    let log: Log

    func run() async throws {
        try await cancelOnGracefulShutdown { [broker, log] in
            for await _ in UnixSignal.stream([.hangUp]) {
                if let count = broker.reloadKeys() { log.info("SIGHUP: \(count) authorized key(s) read") }
            }
        }
    }
}
