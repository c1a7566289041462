import Foundation
import Journal
import Lifecycle
import Log
import Presentation
import SQLite
import Synchronization
import Wire
import ZeroMQ

/// The broker as a service: `init` opens the journal, recovers its state and binds the sockets (so
/// `endpoints` names the ports it got); `run()` drives the loop on a thread of its own, which owns
/// every socket, until the task is cancelled or a graceful shutdown is signalled.
public final class BrokerService: Service {
    /// Where it actually listens (ports resolved when an endpoint asked for `*`).
    public let endpoints: BrokerEndpoints
    private let stopSignal: Wakeup
    private let loop: Mutex<BrokerLoop?>

    /// Opens the journal, recovers its state and binds the sockets; nothing is served before `run()`.
    public init(
        context: Context, endpoints: BrokerEndpoints, dataFolder: URL, settings: BrokerState.Settings = .init(),
        synchronous: Synchronous = .full, log: Log,
        validate: @escaping @Sendable (String, JSONValue) throws(WireError) -> Void
    ) throws {
        let stop = try Wakeup()
        let journal = try Journal(folder: dataFolder, synchronous: synchronous)
        let loop = try BrokerLoop(
            context: context, endpoints: endpoints, journal: journal, settings: settings, validate: validate, log: log, stop: stop)
        log.info("journal \(journal.path): \(loop.state.activeJobs.count) unfinished job(s) recovered, \(loop.state.pendingCount) question(s) pending")
        self.endpoints = loop.bound
        self.stopSignal = stop
        self.loop = Mutex(loop)
    }

    /// Runs the loop until cancelled or shut down gracefully (the turn in progress is finished first);
    /// a journal failure ends it with that error, nothing of the turn acknowledged. Runs once.
    public func run() async throws {
        guard let loop = loop.withLock({ $0.take() }) else { return }
        let box = UncheckedBox(loop)
        try await runOnOwnThread(named: "interlude-broker", { try box.value.run() }, stop: { [stopSignal] in stopSignal.signal() })
    }
}

/// Moves a value to the thread that will own it from then on.
struct UncheckedBox<Value>: @unchecked Sendable {  // the loop is handed over once and used by one thread only
    let value: Value
    init(_ value: Value) { self.value = value }
}
