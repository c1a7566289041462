public import Foundation

extension BrokerState {
    /// The authorized keys were reloaded: every worker whose key `stillWorker` no longer admits is
    /// dropped as a dead worker is (its jobs go back to the queue and are replayed elsewhere, their
    /// recorded steps and answers kept), and nothing more is handed to it.
    ///
    /// Every revoked worker leaves before any job is handed out again, so none goes to another of them.
    public mutating func revokeWorkers(stillWorker: (String) -> Bool, now: Date) -> [BrokerEffect] {
        let revoked = workers.values.filter { worker in worker.key.map { !stillWorker($0) } ?? false }.sorted { $0.name < $1.name }
        guard !revoked.isEmpty else { return [] }
        for worker in revoked { workers[worker.id] = nil }
        return revoked.flatMap { release($0, now: now, cause: "its key is no longer a worker key") } + assign(now: now)
    }
}
