import Broker
import Lifecycle
import Log

/// Rereads the broker's authorized keys on each SIGHUP, for as long as the broker's group runs.
///
/// SIGHUP is taken over when the reloader is made, before any service starts: a signal that arrives
/// once the broker answers but before `run()` begins waits in the stream instead of ending the process.
struct KeyReloader: Service {
    let broker: BrokerService
    let log: Log
    private let hangUps: AsyncStream<UnixSignal>

    init(broker: BrokerService, log: Log) {
        self.broker = broker
        self.log = log
        hangUps = UnixSignal.stream([.hangUp])
    }

    func run() async throws {
        try await cancelOnGracefulShutdown { [broker, log, hangUps] in
            for await _ in hangUps {
                if let count = broker.reloadKeys() { log.info("SIGHUP: \(count) authorized key(s) read") }
            }
        }
    }
}
